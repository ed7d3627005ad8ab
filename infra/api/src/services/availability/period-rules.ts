import { LIMITS } from 'shared-kernel/domain';
import type { PeriodFacts } from '../../lib/search-period';
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
 * The times themselves, before any product is looked at: in order, at most LIMITS.maxRentalDays
 * long, not before `nowMs` and starting at most LIMITS.bookingHorizonDays after it. Booking passes
 * the moment of the request; the dated search passes today's Tallinn midnight in day mode.
 */
export function checkTimes(startMs: number, endMs: number, nowMs: number): PeriodRefusal | null {
  const length = checkLength(startMs, endMs);
  if (length) return length;
  if (startMs < nowMs) return { code: 'INVALID_TIMES' };
  if (tallinn(startMs).diff(tallinn(nowMs), 'days').days > LIMITS.bookingHorizonDays) return { code: 'TOO_FAR_AHEAD' };
  return null;
}

export type { PeriodFacts };

/**
 * The period side of the calendar rules, read once on the Europe/Tallinn wall clock (luxon, so a
 * DST change moves nothing): handover and return weekdays and minutes of the day (a started minute
 * counts: 18:00:01 is after 18:00), and the first and last dates the period touches (one ending
 * exactly at midnight does not touch that date). `checkPeriod` judges a product with these; the
 * dated search hands the same values to SQL as parameters (ADR 0047), so the two cannot drift.
 */
export function periodFacts(startMs: number, endMs: number): PeriodFacts {
  const start = tallinn(startMs);
  const end = tallinn(endMs);
  return {
    startWeekday: tallinnWeekday(startMs),
    endWeekday: tallinnWeekday(endMs),
    startMinute: minuteOfDay(start),
    endMinute: minuteOfDay(end),
    firstDay: start.toISODate() as string,
    lastDay: tallinn(endMs - 1).toISODate() as string,
  };
}

/**
 * Whether the product's calendar lets the period be rented: handover and return on rent days (the
 * days between need not be), both inside the daily window unless `hours` is false (the dated
 * search's day mode, where the renter picks the hours later), and no vacation day on any date the
 * period touches, the return date included.
 */
export function calendarRefusal(product: PeriodProduct, facts: PeriodFacts, options: { hours: boolean }): PeriodRefusal | null {
  if (!rentsOnWeekday(product.rentDays, facts.startWeekday) || !rentsOnWeekday(product.rentDays, facts.endWeekday)) {
    return { code: 'UNAVAILABLE', detail: 'NOT_RENT_DAY' };
  }
  if (options.hours) {
    const { open, close } = dailyWindow(product);
    for (const minute of [facts.startMinute, facts.endMinute]) {
      if (minute < open || minute > close) return { code: 'UNAVAILABLE', detail: 'OUTSIDE_RENT_HOURS' };
    }
  }
  const vacation = [...product.vacationDays].sort().find((day) => day >= facts.firstDay && day <= facts.lastDay);
  if (vacation) return { code: 'IS_VACATION_DAY', day: vacation };
  return null;
}

/**
 * Why the period cannot be booked, or null when the calendar allows it. Checked in the order the
 * renter can act on: the times themselves, then the handover and return days and hours, then
 * vacation days on any date the rental touches (the return day included).
 */
export function checkPeriod(product: PeriodProduct, startMs: number, endMs: number, nowMs: number): PeriodRefusal | null {
  return checkTimes(startMs, endMs, nowMs) ?? calendarRefusal(product, periodFacts(startMs, endMs), { hours: true });
}
