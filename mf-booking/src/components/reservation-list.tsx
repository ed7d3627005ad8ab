import { Link as RouterLink } from 'shared-kernel/router';
import { Box, HStack, Link, Stack, Text } from 'shared-kernel/ui';
import { formatEuros, toCents } from 'shared-kernel/domain';
import type { Reservation } from 'shared-kernel/schemas';
import { bookingTexts } from '../messages/et';
import { formatPeriod, requestPageUrl } from './format-period';
import { StatusBadge } from './status-badge';

function partyName(p: { name: string; lastName: string | null } | null): string {
  return p ? [p.name, p.lastName].filter(Boolean).join(' ') : '';
}

/** Reservations (pending requests) each linking to its request page; `empty` when there are none. */
export function ReservationList({
  reservations,
  empty,
  openLabel,
}: {
  reservations: readonly Reservation[];
  empty: string;
  openLabel: string;
}) {
  if (reservations.length === 0) return <Text py={4}>{empty}</Text>;
  return (
    <Stack as="ul" gap={3} listStyleType="none" p={0}>
      {reservations.map((r) => (
        <Box as="li" key={r.id} borderWidth="1px" borderRadius="md" p={4} data-testid="reservation-row">
          <HStack justify="space-between" wrap="wrap" gap={2}>
            <Text fontWeight="bold">{r.product.name}</Text>
            <StatusBadge kind="reservation" status={r.status} />
          </HStack>
          <Text>{formatPeriod(r.startTs, r.endTs)}</Text>
          <Text>
            {bookingTexts.flowCommon.renter}: {partyName(r.user)} · {bookingTexts.flowCommon.owner}: {partyName(r.productOwner)}
          </Text>
          <Text>
            {bookingTexts.flowCommon.total}: {formatEuros(toCents(r.price.total))}
          </Text>
          <Link asChild colorPalette="brand">
            <RouterLink to={requestPageUrl(r.hash)}>{openLabel}</RouterLink>
          </Link>
        </Box>
      ))}
    </Stack>
  );
}

export { partyName };
