import { feeBreakdown, vatInclusiveBreakdown, type FeeBreakdownCents } from 'shared-kernel/domain';
import type { FeeBreakdown } from 'shared-kernel/schemas';
import { rentalSpan } from 'shared-kernel/time';
import type { reservations } from '../db/schema';
import { centsToEuros } from './money';

type ReservationRow = typeof reservations.$inferSelect;

/**
 * The fee breakdown of a stored reservation, from the amounts fixed when it was made. A go-kart
 * booking's `priceCents` is the riders' price with the owner's VAT inside (spec 9: 20 € a ride), so
 * its VAT is taken out of it; every other reservation stores the net rent and adds VAT and the fee
 * (ADR 0012). Every reader of a stored price goes through here, so a contract, its PDF and the
 * request page show the same lines as the payment.
 */
export function storedBreakdown(
  r: Pick<ReservationRow, 'kind' | 'priceCents' | 'additionalServiceCostCents' | 'vatRateBp'>,
): FeeBreakdownCents {
  if (r.kind === 'GOKART') return vatInclusiveBreakdown({ grossCents: r.priceCents, vatRateBp: r.vatRateBp });
  return feeBreakdown({ amountCents: r.priceCents, additionalServiceCostCents: r.additionalServiceCostCents, vatRateBp: r.vatRateBp });
}

/** The fee breakdown of a stored reservation (`storedBreakdown`) in the spec's euros, with its tier and units. */
export function reservationPrice(
  r: Pick<
    ReservationRow,
    'kind' | 'priceCents' | 'additionalServiceCostCents' | 'vatRateBp' | 'priceTier' | 'hourly' | 'startTs' | 'endTs'
  >,
): FeeBreakdown {
  return breakdownInEuros(storedBreakdown(r), r);
}

/** A breakdown fixed in cents (a reservation's or a contract's) as the spec's fee breakdown in euros. */
export function breakdownInEuros(
  b: FeeBreakdownCents,
  r: Pick<ReservationRow, 'priceTier' | 'hourly' | 'startTs' | 'endTs'>,
): FeeBreakdown {
  const span = rentalSpan(r.startTs.getTime(), r.endTs.getTime());
  const tier = r.priceTier ?? (r.hourly ? 'hour' : 'day');
  return {
    amount: centsToEuros(b.amountCents),
    vat: centsToEuros(b.vatCents),
    ourFee: centsToEuros(b.ourFeeCents),
    additionalServiceCost: centsToEuros(b.additionalServiceCostCents),
    total: centsToEuros(b.totalCents),
    vatRate: b.vatRateBp / 100,
    tier,
    units: tier === 'hour' ? span.hours : span.days,
  };
}

/** The viewer's side of a reservation: its product's owner, its renter, or nobody. */
export function reservationRole(r: Pick<ReservationRow, 'userId' | 'productOwnerId'>, viewerId: number): 'renter' | 'owner' | null {
  if (r.productOwnerId === viewerId) return 'owner';
  if (r.userId !== null && r.userId === viewerId) return 'renter';
  return null;
}
