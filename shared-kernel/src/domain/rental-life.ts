import { LIMITS, RENTAL_LIFE } from './constants';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The earliest instant the renter may mark the item received ('Toode käes'): the server refuses and the UI hides the button before it. */
export function handoverOpensAt(startMs: number): number {
  return startMs - RENTAL_LIFE.handoverEarliestBeforeStartMs;
}

export interface LateReturnFee {
  unit: 'hour' | 'day';
  /** Started hours (hourly rentals) or started 24-hour days (daily ones) past the end and its grace. */
  units: number;
  feeCents: number;
}

/**
 * The terms' late-return fee: every started overdue hour (hourly rental) or day (daily rental) past
 * RENTAL_LIFE's grace, at twice the unit price, in integer cents. Nothing within the grace.
 */
export function lateReturnFee(input: { endMs: number; returnedMs: number; hourly: boolean; unitPriceCents: number }): LateReturnFee {
  const unit = input.hourly ? 'hour' : 'day';
  const overdueMs = input.returnedMs - input.endMs;
  if (overdueMs <= RENTAL_LIFE.lateFeeGraceMs || input.unitPriceCents <= 0) return { unit, units: 0, feeCents: 0 };
  const units = Math.ceil((overdueMs - RENTAL_LIFE.lateFeeGraceMs) / (input.hourly ? HOUR_MS : DAY_MS));
  return { unit, units, feeCents: units * RENTAL_LIFE.lateFeeMultiplier * Math.round(input.unitPriceCents) };
}

/** The terms' debtor renting limit in cents: what a user in the payment-default register may have rented at once. */
export function debtorLimitCents(company: boolean): number {
  return (company ? LIMITS.debtorLimitCompanyEur : LIMITS.debtorLimitPrivateEur) * 100;
}
