import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'shared-kernel/router';
import { Box, Image, Link, SimpleGrid, Stack, Text, QueryView } from 'shared-kernel/ui';
import { SlicePage } from 'shared-kernel/platform';
import { messages } from 'shared-kernel/messages';
import type { MyRentedProduct, ReservationStatus } from 'shared-kernel/schemas';
import { formatPeriod, requestPageUrl } from '../../../components/format-period';
import { StatusBadge } from '../../../components/status-badge';
import { bookingTexts } from '../../../messages/et';
import { myRentedProductsQueryOptions } from '../api/get-my-rented-products';
import { firstTabUnlessKnown, TabbedPage } from 'shared-kernel/overlays';

const t = bookingTexts.myRentals;
const TABS = ['present', 'past'] as const;
const STATUSES: Record<(typeof TABS)[number], readonly ReservationStatus[]> = {
  present: ['ACCEPTED', 'CAPTURED', 'PENDING_PAYMENT'],
  past: ['FINISHED'],
};

function RentalCard({ item }: { item: MyRentedProduct }) {
  const r = item.reservation;
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" overflow="hidden" data-testid="rental-card">
      {item.imageUrl ? (
        <Image src={item.imageUrl} alt={r.product.name} h="160px" w="100%" objectFit="cover" />
      ) : (
        <Box h="160px" bg="gray.100" />
      )}
      <Stack p={3} gap={1}>
        <Text fontWeight="bold">{r.product.name}</Text>
        <Text fontSize="sm">{formatPeriod(r.startTs, r.endTs)}</Text>
        <Box>
          {item.contract ? (
            <StatusBadge kind="contract" status={item.contract.status} />
          ) : (
            <StatusBadge kind="reservation" status={r.status} />
          )}
        </Box>
        <Link asChild colorPalette="brand">
          <RouterLink to={requestPageUrl(r.hash)}>{t.open}</RouterLink>
        </Link>
      </Stack>
    </Box>
  );
}

function Rentals({ statuses }: { statuses: readonly ReservationStatus[] }) {
  const query = useQuery(myRentedProductsQueryOptions(statuses));
  return (
    <QueryView query={query}>
      {(list) =>
        list.length === 0 ? (
          <Text py={4}>{messages.common.noProducts}</Text>
        ) : (
          <SimpleGrid as="ul" listStyleType="none" p={0} columns={{ base: 1, sm: 2, lg: 3 }} gap={4}>
            {list.map((item) => (
              <RentalCard key={item.reservation.id} item={item} />
            ))}
          </SimpleGrid>
        )
      }
    </QueryView>
  );
}

/** /auth/my-rentals: the caller's rentals, present (accepted, captured, awaiting payment) or past (finished). */
export function MyRentalsPage() {
  return (
    <SlicePage title={bookingTexts.myRentals.title}>
      <TabbedPage
        label={bookingTexts.myRentals.title}
        resolve={firstTabUnlessKnown(TABS)}
        tabs={TABS.map((id) => ({ id, label: t.tabs[id], content: <Rentals statuses={STATUSES[id]} /> }))}
      />
    </SlicePage>
  );
}
