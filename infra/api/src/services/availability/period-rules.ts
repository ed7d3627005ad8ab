import { LIMITS } from 'shared-kernel/domain';
import { dailyWindow, inTallinn, rentsOnWeekday, tallinnWeekday, type TallinnDateTime } from 'shared-kernel/time';

/**
 * The calendar rules of the availability engine (docs/adr/0013-availability-engine.md): whether a
 * requested period fits the product's rent days, daily hours and vacation days. Times arrive as
 * instants and are read on the Europe/Tallinn calendar (luxon, through shared-kernel/time), so a DST
 * change moves no rule.
 * Overlap with other reservations is not checked here: the database's exclusion constraint does it.
 */

export interface PeriodProduct {
  /** Weekday names; empty means every day (shown as 'E-P'). */
  rentDays: readonly string[];
  /** `YYYY-MM-DD`. */
  vacationDays: readonly string[];
  /** Daily window, HH:mm wall clock. */
  startTs: string;
  endTs: string;
}

export type PeriodRefusal =
  | { code: 'INVALID_TIMES_START_AFTER_END' }
  | { code: 'INVALID_TIMES' }
  | { code: 'TOO_LONG' }
  | { code: 'TOO_FAR_AHEAD' }
  | { code: 'UNAVAILABLE'; detail: 'NOT_RENT_DAY' | 'OUTSIDE_RENT_HOURS' }
  | { code: 'IS_VACATION_DAY'; day: string };

export function tallinn(ms: number): TallinnDateTime {
  return inTallinn(ms);
}

function minuteOfDay(t: TallinnDateTime): number {
  return t.hour * 60 + t.minute + (t.second > 0 || t.millisecond > 0 ? 1 / 60 : 0);
}

export function isRentDay(product: Pick<PeriodProduct, 'rentDays'>, t: TallinnDateTime): boolean {
  return rentsOnWeekday(product.rentDays, tallinnWeekday(t.toMillis()));
}

/** The period's own sense: it ends after it starts and lasts at most LIMITS.maxRentalDays calendar days. */
export function checkLength(startMs: number, endMs: number): PeriodRefusal | null {
  if (endMs <= startMs) return { code: 'INVALID_TIMES_START_AFTER_END' };
  if (tallinn(endMs).diff(tallinn(startMs), 'days').days > LIMITS.maxRentalDays) return { code: 'TOO_LONG' };
  return null;
}

/**
 * Why the period cannot be booked, or null when the calendar allows it. Checked in the order the
 * renter can act on: the times themselves, then the handover and return days and hours, then
 * vacation days on any date the rental touches (the return day included).
 */
export function checkPeriod(product: PeriodProduct, startMs: number, endMs: number, nowMs: number): PeriodRefusal | null {
  const length = checkLength(startMs, endMs);
  if (length) return length;
  if (startMs < nowMs) return { code: 'INVALID_TIMES' };
  const start = tallinn(startMs);
  const end = tallinn(endMs);
  if (start.diff(tallinn(nowMs), 'days').days > LIMITS.bookingHorizonDays) return { code: 'TOO_FAR_AHEAD' };

  if (!isRentDay(product, start) || !isRentDay(product, end)) return { code: 'UNAVAILABLE', detail: 'NOT_RENT_DAY' };
  const { open, close } = dailyWindow(product);
  for (const t of [start, end]) {
    const minute = minuteOfDay(t);
    if (minute < open || minute > close) return { code: 'UNAVAILABLE', detail: 'OUTSIDE_RENT_HOURS' };
  }

  const firstDay = start.toISODate() as string;
  // The last date the rental touches; a rental ending exactly at midnight does not touch that date.
  const lastDay = tallinn(endMs - 1).toISODate() as string;
  const vacation = [...product.vacationDays].sort().find((day) => day >= firstDay && day <= lastDay);
  if (vacation) return { code: 'IS_VACATION_DAY', day: vacation };
  return null;
}
