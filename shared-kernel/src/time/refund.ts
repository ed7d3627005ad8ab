import { hoursBetween, type Instant } from './tallinn-time';

/** Refund share by hours left before the start: >48 → 100, >24 → 75, >12 → 50, else 0. */
export const REFUND_SCHEDULE: ReadonlyArray<{ moreThanHours: number; percent: number }> = [
  { moreThanHours: 48, percent: 100 },
  { moreThanHours: 24, percent: 75 },
  { moreThanHours: 12, percent: 50 },
];

/**
 * Refund percent for cancelling at `now` a rental that starts at `start`. The hours are elapsed
 * time, so a DST change in Europe/Tallinn between them cannot skew the result; a time written
 * without an offset ('2025-03-30T12:00') is Tallinn wall-clock time.
 */
export function refundPercent(start: Instant, now: Instant = Date.now()): number {
  const hoursLeft = hoursBetween(now, start);
  return REFUND_SCHEDULE.find((step) => hoursLeft > step.moreThanHours)?.percent ?? 0;
}

/** Refund in integer cents (rounded half up). */
export function refundCents(amountCents: number, start: Instant, now: Instant = Date.now()): number {
  return Math.round((amountCents * refundPercent(start, now)) / 100);
}
