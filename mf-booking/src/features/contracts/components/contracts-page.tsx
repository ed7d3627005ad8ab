import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'shared-kernel/router';
import { Box, Button, Stack, Text, QueryView } from 'shared-kernel/ui';
import { SlicePage } from 'shared-kernel/platform';
import { messages } from 'shared-kernel/messages';
import { useDerivedSession } from 'shared-kernel/session';
import { ReservationList } from '../../../components/reservation-list';
import { bookingTexts } from '../../../messages/et';
import { contractsQueryOptions } from '../api/get-contracts';
import { pendingReservationsQueryOptions } from '../api/get-pending-reservations';
import { ContractCard } from './contract-card';
import { TabbedPage } from 'shared-kernel/overlays';

const t = bookingTexts.contracts;
type Tab = 'out' | 'in' | 'pending';

/** Spec: 'out' and 'pending' are themselves; a missing tabId is the first tab; any other value is 'in'. */
export function contractsTab(raw: string | null): Tab {
  if (raw === null || raw === '' || raw === 'out') return 'out';
  return raw === 'pending' ? 'pending' : 'in';
}

function ContractList({ incoming }: { incoming: boolean }) {
  const query = useQuery(contractsQueryOptions(incoming));
  return (
    <QueryView query={query}>
      {(list) =>
        list.length === 0 ? (
          <Text py={4}>{messages.common.noContracts}</Text>
        ) : (
          <Stack as="ul" gap={3} listStyleType="none" p={0}>
            {list.map((c) => (
              <ContractCard key={c.id} contract={c} />
            ))}
          </Stack>
        )
      }
    </QueryView>
  );
}

function PendingList() {
  const query = useQuery(pendingReservationsQueryOptions());
  return (
    <QueryView query={query}>
      {(list) => <ReservationList reservations={list} empty={messages.common.noPendingReservations} openLabel={t.openRequest} />}
    </QueryView>
  );
}

function VerifyBlock() {
  return (
    <Box borderWidth="1px" borderColor="orange.300" bg="orange.50" borderRadius="md" p={4} role="region" aria-label={t.verifyTitle}>
      <Text mb={3}>{t.verifyTitle}</Text>
      <Button asChild colorPalette="brand" size="sm">
        <RouterLink to="/auth/verify-identity">{t.verifyLink}</RouterLink>
      </Button>
    </Box>
  );
}

/** /auth/contracts: as renter ('out'), as owner ('in') and pending requests ('pending'), by `tabId`. */
export function ContractsPage() {
  const { needsVerification } = useDerivedSession();
  return (
    <SlicePage title={bookingTexts.contracts.title}>
      {needsVerification ? (
        <VerifyBlock />
      ) : (
        <TabbedPage
          label={bookingTexts.contracts.title}
          resolve={contractsTab}
          tabs={[
            { id: 'out', label: t.tabs.out, content: <ContractList incoming={false} /> },
            { id: 'in', label: t.tabs.in, content: <ContractList incoming /> },
            { id: 'pending', label: t.tabs.pending, content: <PendingList /> },
          ]}
        />
      )}
    </SlicePage>
  );
}
