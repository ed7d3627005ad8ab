import { messages } from 'shared-kernel/messages';
import { ApiError } from '../../lib/api-error';
import { reservationRole } from '../../lib/stored-price';
import { formatTallinn } from '../../lib/tallinn-time';
import type { Tx } from '../../db/transaction';
import { blockedDuring } from '../../repositories/calendar-repository';
import { newReservationHash, type NewReservationRow, type ReservationRow } from '../../repositories/reservation-repository';
import type { ReservationPlan } from '../availability/plan-reservation';

/** Anyone outside the reservation gets the answer of a missing one (ids are not to be probed); the other party a 403. */
export function requireRole(r: ReservationRow | null, viewerId: number, role: 'renter' | 'owner'): ReservationRow {
  const actual = r ? reservationRole(r, viewerId) : null;
  if (!r || !actual) throw new ApiError(404, 'NOT_FOUND', messages.errors.api.reservationNotFound);
  if (actual !== role) throw new ApiError(403, 'FORBIDDEN', messages.errors.api.reservationNotFound);
  return r;
}

/** The owner's answer and the renter's changes apply only to a request still waiting. */
export function requireRequested(r: ReservationRow): void {
  if (r.status !== 'REQUESTED') throw new ApiError(409, 'INVALID_STATUS', messages.errors.reservation.outdated);
}

export const period = (r: Pick<ReservationRow, 'startTs' | 'endTs'>) => ({ start: formatTallinn(r.startTs), end: formatTallinn(r.endTs) });

/** The manual rent's key: its person's name, compared as Estonian text without case or surrounding space. */
export function sameName(stored: string | null, given: string): boolean {
  if (stored === null || stored.trim() === '') return false;
  return stored.trim().toLocaleLowerCase('et') === given.trim().toLocaleLowerCase('et');
}

/** Overlap is refused by the exclusion constraint (23P01): the database decides, whoever writes. */
export const unavailable = () => new ApiError(409, 'UNAVAILABLE', messages.errors.booking.unavailable);

/**
 * A renter's booking over a period an owner's followed outside calendar holds is refused like an
 * overlap (issue 32). Asked after the product's row lock, which a calendar refresh takes too.
 */
export async function assertNotBlocked(tx: Tx, productId: number, plan: Pick<ReservationPlan, 'startMs' | 'endMs'>): Promise<void> {
  if (await blockedDuring(tx, productId, new Date(plan.startMs), new Date(plan.endMs))) throw unavailable();
}

/** The row a planned booking writes, whichever way it is made (a request, a paid hold): only kind, status and extras differ. */
export function plannedReservation(
  product: { id: number; ownerId: number },
  renterId: number,
  plan: ReservationPlan,
  now: Date,
): Omit<NewReservationRow, 'kind' | 'status'> {
  return {
    hash: newReservationHash(),
    productId: product.id,
    userId: renterId,
    productOwnerId: product.ownerId,
    startTs: new Date(plan.startMs),
    endTs: new Date(plan.endMs),
    hourly: plan.hourly,
    priceCents: plan.amountCents,
    additionalServiceCostCents: plan.additionalServiceCostCents,
    vatRateBp: plan.vatRateBp,
    priceTier: plan.tier,
    createdTs: now,
    updatedTs: now,
  };
}
