import { Link as RouterLink } from 'shared-kernel/router';
import { Box, Button, Link, Stack, Text } from 'shared-kernel/ui';
import { ContentDialog } from 'shared-kernel/overlays';
import { contractStatusLabel, reservationStatusLabel } from 'shared-kernel/domain';
import { format, messages } from 'shared-kernel/messages';
import { formatTallinnShort } from 'shared-kernel/time';
import type { OwnerProduct, OwnerReservation } from 'shared-kernel/schemas';
import { ownerTexts } from '../../../messages/et';

const t = ownerTexts.reservationsDialog;

/** A manual rent has no reservation label in the spec; its contract's ('Käsitsi') says what it is. */
function statusLabel(r: OwnerReservation): string {
  return r.status === 'MANUAL' ? contractStatusLabel('MANUAL') : reservationStatusLabel(r.status);
}

/**
 * A product's reservations as the server sent them (it already leaves out those that ended over
 * 14 days ago); a manual one shows its person and the link to its cancel page.
 */
export function ReservationsDialog({ product, open, onClose }: { product: OwnerProduct; open: boolean; onClose: () => void }) {
  return (
    <ContentDialog
      open={open}
      onClose={onClose}
      scrollBehavior="inside"
      testId="reservations-dialog"
      title={format(t.title, { name: product.name })}
      footer={
        <Button variant="ghost" size="sm" onClick={onClose}>
          {messages.common.close}
        </Button>
      }
    >
      {product.ownerReservations.length === 0 ? <Text>{t.empty}</Text> : null}
      <Stack as="ul" gap={3} listStyleType="none" p={0}>
        {product.ownerReservations.map((r) => (
          <Box as="li" key={r.id} borderWidth="1px" borderRadius="md" p={2} data-testid="owner-reservation">
            <Text fontWeight="semibold">
              {format(t.period, { start: formatTallinnShort(r.startTs), end: formatTallinnShort(r.endTs) })}
            </Text>
            <Text>{statusLabel(r)}</Text>
            {r.renterName ? <Text>{format(t.person, { name: r.renterName })}</Text> : null}
            {r.status === 'MANUAL' && r.personPhone ? <Text>{format(t.phone, { phone: r.personPhone })}</Text> : null}
            {r.status === 'MANUAL' ? (
              <Link asChild colorPalette="brand">
                <RouterLink to={`/public/reservation-cancel/${encodeURIComponent(r.hash)}/${encodeURIComponent(r.renterName ?? '')}`}>
                  {t.cancelLink}
                </RouterLink>
              </Link>
            ) : null}
          </Box>
        ))}
      </Stack>
    </ContentDialog>
  );
}
