import { useState } from 'react';
import { Link as RouterLink } from 'shared-kernel/router';
import { accountPayUrl } from 'shared-kernel/platform';
import { Box, Button, HStack, Link, Stack, Text } from 'shared-kernel/ui';
import { formatEuros, toCents } from 'shared-kernel/domain';
import { format } from 'shared-kernel/messages';
import type { Contract } from 'shared-kernel/schemas';
import { formatPeriod, requestPageUrl } from '../../../components/format-period';
import { partyName } from '../../../components/reservation-list';
import { LateFee } from '../../../components/late-fee';
import { StatusBadge } from '../../../components/status-badge';
import { bookingTexts } from '../../../messages/et';
import { CancelContractDialog } from './cancel-contract-dialog';
import { contractDocumentUrl } from '../api/contract-document-url';
import { ContractExtensions } from './contract-extensions';

const t = bookingTexts.contracts;

function manualParty(contract: Contract) {
  return contract.manualRenter ? { name: contract.manualRenter.name, lastName: null, phone: contract.manualRenter.phone } : null;
}

/** A running rental paid on the platform: the one its renter may ask to extend (issue 31). */
const extendable = (c: Contract) => (c.status === 'ACCEPTED' || c.status === 'CAPTURED') && !c.paidLater && !c.manualRenter;

/** One contract: what, when, status, total, the other party, and the actions the server allows. */
export function ContractCard({ contract }: { contract: Contract }) {
  const [cancelOpen, setCancelOpen] = useState(false);
  // A manual rent's person has no account: the owner sees the name and phone they entered.
  const other = contract.incoming ? (contract.renter ?? manualParty(contract)) : contract.owner;
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p={4} data-testid="contract-card">
      <Stack gap={1}>
        <HStack justify="space-between" wrap="wrap" gap={2}>
          {contract.manualRenter ? (
            // A manual rent has no request between two parties to open: this card is all of it.
            <Text fontWeight="bold">{contract.product.name}</Text>
          ) : (
            <Link asChild fontWeight="bold">
              <RouterLink to={requestPageUrl(contract.reservationHash)}>{contract.product.name}</RouterLink>
            </Link>
          )}
          <StatusBadge kind="contract" status={contract.status} />
        </HStack>
        <Text>{formatPeriod(contract.startTs, contract.endTs)}</Text>
        <Text>
          {bookingTexts.flowCommon.total}: {formatEuros(toCents(contract.price.total))}
        </Text>
        <LateFee contract={contract} />
        {other ? <Text>{format(contract.incoming ? t.otherRenter : t.otherOwner, { name: partyName(other) })}</Text> : null}
        {other?.phone ? <Text>{format(t.phone, { phone: other.phone })}</Text> : null}
        <HStack gap={2} wrap="wrap" mt={2}>
          {contract.mayPay ? (
            <Button asChild size="sm" colorPalette="green">
              <RouterLink to={accountPayUrl(contract.id)}>{t.pay}</RouterLink>
            </Button>
          ) : null}
          <Button asChild size="sm" variant="outline">
            <a href={contractDocumentUrl(contract.id)} download target="_blank" rel="noreferrer">
              {t.download}
            </a>
          </Button>
          {contract.mayCancel ? (
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => setCancelOpen(true)}>
              {t.cancel}
            </Button>
          ) : null}
        </HStack>
        {extendable(contract) ? <ContractExtensions contract={contract} /> : null}
      </Stack>
      {cancelOpen ? <CancelContractDialog contract={contract} open={cancelOpen} onClose={() => setCancelOpen(false)} /> : null}
    </Box>
  );
}
