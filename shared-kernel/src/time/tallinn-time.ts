import { DateTime } from 'luxon';
import { LOCALE } from '../domain/constants';
import type { Weekday } from '../domain/weekdays';

/** The product's one time zone: every calendar rule of the spec is a Tallinn wall-clock rule. */
export const TALLINN = LOCALE.timeZone;

export type Instant = Date | number | string;

/** A luxon date-time, named here so callers of `inTallinn` need not depend on luxon themselves. */
export type TallinnDateTime = DateTime;

export interface TallinnDateTimeParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * An instant as a Tallinn date-time. A string with an offset or 'Z' is that instant; a string
 * without one is Tallinn wall-clock time (never the machine's own zone).
 */
export function inTallinn(value: Instant): DateTime {
  if (typeof value !== 'string') {
    const dt = value instanceof Date ? DateTime.fromJSDate(value, { zone: TALLINN }) : DateTime.fromMillis(value, { zone: TALLINN });
    if (!dt.isValid) throw new RangeError(`Not a time: ${String(value)}`);
    return dt;
  }
  const text = value.trim().replace(' ', 'T');
  const dt = DateTime.fromISO(text, { zone: TALLINN });
  if (!dt.isValid) throw new RangeError(`Not a time: ${value}`);
  if (HAS_OFFSET.test(text)) return dt;
  // A wall-clock time the autumn change repeats: luxon takes the second (winter) occurrence; the
  // first is the one a person means (and the one whose hour comes first on the clock).
  const hourEarlier = dt.minus({ hours: 1 });
  return hourEarlier.toFormat(WALL) === dt.toFormat(WALL) ? hourEarlier : dt;
}

const HAS_OFFSET = /T.*(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;
const WALL = "yyyy-MM-dd'T'HH:mm:ss.SSS";

/** Epoch milliseconds of an instant given any way `inTallinn` reads. */
export function toEpoch(value: Instant): number {
  return inTallinn(value).toMillis();
}

/** Wall-clock parts of an instant in Europe/Tallinn, whatever the machine's time zone is. */
export function tallinnDateParts(instant: Date | number): TallinnDateTimeParts {
  const { year, month, day, hour, minute, second } = inTallinn(instant);
  return { year, month, day, hour, minute, second };
}

const LOCAL = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2})?)?$/;

/**
 * Epoch milliseconds of a Europe/Tallinn wall-clock time (`YYYY-MM-DD`, `YYYY-MM-DDTHH:mm[:ss]`).
 * A time skipped by the spring DST jump resolves to the instant one hour later; an ambiguous
 * autumn time resolves to its first (summer-time) occurrence.
 */
export function tallinnLocalToEpoch(local: string): number {
  if (!LOCAL.test(local.trim())) throw new RangeError(`Not a local date-time: ${local}`);
  return toEpoch(local);
}

/** The Tallinn calendar date of an instant, 'YYYY-MM-DD'. */
export function tallinnIsoDate(instant: Instant): string {
  return inTallinn(instant).toISODate()!;
}

const WEEKDAYS: readonly Weekday[] = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];

/** The weekday an instant falls on in Tallinn (what rentDays are checked against). */
export function tallinnWeekday(instant: Instant): Weekday {
  return WEEKDAYS[inTallinn(instant).weekday - 1];
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

/** Real (elapsed) hours from `start` to `end`; a DST change does not stretch or shrink them. */
export function hoursBetween(start: Instant, end: Instant): number {
  return (toEpoch(end) - toEpoch(start)) / 3_600_000;
}

const DAY_MS = 86_400_000;

/**
 * The Tallinn calendar date of an instant as a day number (days since 1970-01-01). Differences of
 * day numbers count calendar days, so a 23- or 25-hour DST day still counts as one.
 */
export function tallinnDayNumber(instant: Instant): number {
  const { year, month, day } = inTallinn(instant);
  return DateTime.utc(year, month, day).toMillis() / DAY_MS;
}

/** `YYYY-MM-DD` of a day number. */
export function isoDateOfDayNumber(dayNumber: number): string {
  return DateTime.fromMillis(dayNumber * DAY_MS, { zone: 'utc' }).toISODate()!;
}

/** Weekday of a day number, numbered like `Date#getDay()` (Sunday = 0, the spec's weekday index). */
export function weekdayIndexOfDayNumber(dayNumber: number): number {
  return DateTime.fromMillis(dayNumber * DAY_MS, { zone: 'utc' }).weekday % 7;
}

/** Seconds since Tallinn midnight (wall clock) of an instant. */
export function tallinnSecondOfDay(instant: Instant): number {
  const t = inTallinn(instant);
  return t.hour * 3600 + t.minute * 60 + t.second;
}

/** Milliseconds since Tallinn midnight by the wall clock (not elapsed: a DST night does not shift it). */
export function tallinnMillisOfDay(instant: Instant): number {
  const t = inTallinn(instant);
  return ((t.hour * 60 + t.minute) * 60 + t.second) * 1000 + t.millisecond;
}

/**
 * `dd.MM.yyyy HH:mm` on the Tallinn wall clock, for texts that are kept and read later (mails,
 * notifications, contract documents): they always carry the year.
 */
export function formatTallinn(instant: Instant): string {
  return inTallinn(instant).toFormat('dd.MM.yyyy HH:mm');
}

/**
 * The spec's date with time on screens, `DD.MM HH:mm` on the Tallinn wall clock; an instant in
 * another year than `now`'s (Tallinn) keeps its year, `DD.MM.YYYY HH:mm`, so last December's
 * rental never reads as this year's (ADR 0026).
 */
export function formatTallinnShort(instant: Instant, now: Instant = Date.now()): string {
  const t = inTallinn(instant);
  return t.toFormat(t.year === inTallinn(now).year ? 'dd.MM HH:mm' : 'dd.MM.yyyy HH:mm');
}
