import { feeBreakdown } from 'shared-kernel/domain';
import { messages } from 'shared-kernel/messages/server';
import type { ContractExtension, ExtensionStatus } from 'shared-kernel/schemas';
import { inTallinn, rentalPrice, rentalSpan, type PriceTier, type TierPricesCents } from 'shared-kernel/time';
import type { contractExtensions, contracts, reservations } from '../../db/schema';
import { ApiError } from '../../lib/api-error';

export type ExtensionRow = typeof contractExtensions.$inferSelect;
type ContractRow = typeof contracts.$inferSelect;
type ReservationRow = typeof reservations.$inferSelect;

const HOUR_MS = 3_600_000;
const t = messages.extensions.errors;

export const OPEN_STATUSES: readonly ExtensionStatus[] = ['REQUESTED', 'PENDING_PAYMENT'];

export const extensionNotFound = () => new ApiError(404, 'NOT_FOUND', t.notFound);
export const extensionNotOpen = () => new ApiError(409, 'INVALID_STATUS', t.notOpen);
/** The terms (spec 1): valid only if agreed before the original period ends; after it, the request has lapsed. */
export const extensionEnded = () => new ApiError(409, 'INVALID_STATUS', t.ended, ['EXTENSION_LAPSED']);

/**
 * Whether the contract can be extended at all: a paid rental on the platform (ACCEPTED or
 * CAPTURED, not paid later), of a product booked by a renter (not a manual rent or a go-kart
 * slot), and not yet over.
 */
export function assertExtendable(c: ContractRow, r: ReservationRow, now: Date): void {
  if (c.renterId === null || r.kind === 'MANUAL' || r.kind === 'GOKART' || c.paidLater) {
    throw new ApiError(409, 'INVALID_STATUS', t.notExtendable);
  }
  if (c.status !== 'ACCEPTED' && c.status !== 'CAPTURED') throw new ApiError(409, 'INVALID_STATUS', t.notActive);
  if (c.endTs.getTime() <= now.getTime()) throw extensionEnded();
}

/**
 * The new end must match how the rental is priced (spec 5: an hourly pick is a single day): an
 * hourly rental grows by whole hours on its own day, a day rental by whole days, returned at the
 * same wall-clock time on the Tallinn calendar (so a DST change moves nothing).
 */
export function assertAlignedEnd(r: Pick<ReservationRow, 'hourly' | 'startTs'>, currentEnd: Date, newEndMs: number): void {
  if (newEndMs <= currentEnd.getTime()) throw new ApiError(400, 'VALIDATION_ERROR', t.notLater);
  if (r.hourly) {
    const sameDay = inTallinn(newEndMs).toISODate() === inTallinn(r.startTs.getTime()).toISODate();
    if (!sameDay || (newEndMs - currentEnd.getTime()) % HOUR_MS !== 0) throw new ApiError(400, 'VALIDATION_ERROR', t.hourlySameDay);
    return;
  }
  const from = inTallinn(currentEnd.getTime());
  const to = inTallinn(newEndMs);
  const wholeDays = to.toFormat('HH:mm:ss.SSS') === from.toFormat('HH:mm:ss.SSS');
  if (!wholeDays) throw new ApiError(400, 'VALIDATION_ERROR', t.wholeDays);
}

export interface ExtensionPrice {
  amountCents: number;
  vatCents: number;
  feeCents: number;
  tier: PriceTier;
  totalCents: number;
  differenceCents: number;
  feeDifferenceCents: number;
}

/**
 * The whole new period priced as the booking was (kernel tiers, the reservation's VAT rate and
 * services), minus what the renter has paid, never below 0 (a longer tier may make the whole
 * period cheaper). The platform's part of the difference is the fee's growth.
 */
export function priceExtension(input: {
  prices: TierPricesCents;
  reservation: Pick<ReservationRow, 'startTs' | 'additionalServiceCostCents' | 'vatRateBp'>;
  newEndMs: number;
  paidCents: number;
  paidFeeCents: number;
}): ExtensionPrice {
  const r = input.reservation;
  const rental = rentalPrice(input.prices, rentalSpan(r.startTs.getTime(), input.newEndMs));
  if (!rental) throw new ApiError(409, 'UNAVAILABLE', t.noPrice, ['NO_PRICE']);
  const b = feeBreakdown({
    amountCents: rental.totalCents,
    additionalServiceCostCents: r.additionalServiceCostCents,
    vatRateBp: r.vatRateBp,
  });
  const differenceCents = Math.max(0, b.totalCents - input.paidCents);
  const feeDifferenceCents = Math.min(differenceCents, Math.max(0, b.ourFeeCents - input.paidFeeCents));
  return {
    amountCents: b.amountCents,
    vatCents: b.vatCents,
    feeCents: b.ourFeeCents,
    tier: rental.tier,
    totalCents: b.totalCents,
    differenceCents,
    feeDifferenceCents,
  };
}

/** An extension as `viewerId` sees it, with the steps the server would take from them now. */
export function presentExtension(e: ExtensionRow, viewerId: number, now: Date): ContractExtension {
  const beforeEnd = now.getTime() < e.previousEndTs.getTime();
  const owner = e.ownerId === viewerId;
  const renter = e.renterId === viewerId;
  return {
    id: e.id,
    contractId: e.contractId,
    status: e.status,
    previousEndTs: e.previousEndTs.toISOString(),
    newEndTs: e.newEndTs.toISOString(),
    newTotalCents: e.newTotalCents,
    differenceCents: e.differenceCents,
    contractVersion: e.contractVersion,
    requestedTs: e.requestedTs.toISOString(),
    decidedTs: e.decidedTs?.toISOString() ?? null,
    paidTs: e.paidTs?.toISOString() ?? null,
    mayAccept: owner && beforeEnd && e.status === 'REQUESTED',
    mayDecline: owner && beforeEnd && e.status === 'REQUESTED',
    mayPay: renter && beforeEnd && e.status === 'PENDING_PAYMENT',
  };
}
