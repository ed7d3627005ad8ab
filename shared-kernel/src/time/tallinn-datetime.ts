import { DateTime } from 'luxon';
import { TALLINN, toEpoch, type Instant } from './tallinn-time';

/** A luxon date-time, named here so callers of `inTallinn` need not depend on luxon themselves. */
export type TallinnDateTime = DateTime;

/**
 * An instant as a luxon date-time in Tallinn, for calendar arithmetic and formats beyond
 * ./tallinn-time.ts. Reads its argument as `toEpoch` does (a string without an offset is Tallinn
 * wall-clock time, an hour the autumn change repeats its first occurrence).
 */
export function inTallinn(value: Instant): DateTime {
  return DateTime.fromMillis(toEpoch(value), { zone: TALLINN });
}

/**
 * The same Tallinn wall-clock time `days` calendar days later, as epoch ms. Across a DST change
 * that is 23 or 25 hours a day, not 24 (booking's "end moves one day later" keeps its hour).
 */
export function addTallinnDays(instant: Instant, days: number): number {
  return inTallinn(instant).plus({ days }).toMillis();
}

/** Tallinn calendar days from `start` to `end`, fractional past the same wall-clock time. */
export function tallinnDaysBetween(start: Instant, end: Instant): number {
  return inTallinn(end).diff(inTallinn(start), 'days').days;
}
