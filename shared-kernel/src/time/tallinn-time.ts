import { LOCALE } from '../domain/constants';
import { tallinnOffsetByRule } from '../domain/tallinn-offset';
import type { Weekday } from '../domain/weekdays';

// Tallinn wall-clock arithmetic on the platform's Intl time zone data, without a date library: the
// booking panel's first render (calendar, hour selects, price) reaches only these functions, so
// the product page does not download luxon (issue 28). The luxon date-time (`inTallinn`) and what
// needs its calendar arithmetic live in ./tallinn-datetime.ts; ./tallinn-time.test.ts checks both
// agree hour by hour over DST changes.

/** The product's one time zone: every calendar rule of the spec is a Tallinn wall-clock rule. */
export const TALLINN = LOCALE.timeZone;

export type Instant = Date | number | string;

export interface TallinnDateTimeParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

let wallClock: Intl.DateTimeFormat | undefined;

/** Wall-clock parts (and the millisecond) of epoch milliseconds in Tallinn. */
function wallParts(ms: number): TallinnDateTimeParts & { millisecond: number } {
  // By the summer-time rule where it is tested: the booking panel's first render reads today's
  // date, and Intl's first date format was 20 ms of it (80 ms on a phone; issue 28).
  const offset = tallinnOffsetByRule(ms);
  if (offset !== undefined) {
    const wall = new Date(ms + offset);
    return {
      year: wall.getUTCFullYear(),
      month: wall.getUTCMonth() + 1,
      day: wall.getUTCDate(),
      hour: wall.getUTCHours(),
      minute: wall.getUTCMinutes(),
      second: wall.getUTCSeconds(),
      // As the Intl path below: a fraction of a millisecond is kept (a Date would drop it).
      millisecond: ((ms % 1000) + 1000) % 1000,
    };
  }
  wallClock ??= new Intl.DateTimeFormat('en-US', {
    timeZone: TALLINN,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const parts = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const p of wallClock.formatToParts(ms)) if (p.type in parts) parts[p.type as keyof typeof parts] = Number(p.value);
  return { ...parts, millisecond: ((ms % 1000) + 1000) % 1000 };
}

/** Tallinn's offset from UTC at an instant, in milliseconds (+2 h in winter, +3 h in summer). */
function offsetAt(ms: number): number {
  const p = wallParts(ms);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second, p.millisecond) - ms;
}

/**
 * The instant of a Tallinn wall-clock time given as if it were UTC (`Date.UTC` of its fields). An
 * hour the autumn change repeats is its first (summer-time) occurrence, the one a person means; a
 * time the spring jump skips is read with the winter offset, i.e. one hour later on the clock.
 */
function wallToEpoch(local: number): number {
  const before = local - offsetAt(local - DAY_MS);
  const after = local - offsetAt(local + DAY_MS);
  const fits = (t: number) => offsetAt(t) === local - t;
  if (fits(before) && fits(after)) return Math.min(before, after);
  if (fits(before)) return before;
  if (fits(after)) return after;
  return Math.max(before, after);
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2})(?::(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/**
 * Epoch milliseconds of an instant. A string with an offset or 'Z' is that instant; a string
 * without one is Tallinn wall-clock time (never the machine's own zone). Strings are ISO 8601
 * extended dates with an optional time (`T` or a space), fraction and offset; others throw.
 */
export function toEpoch(value: Instant): number {
  if (typeof value !== 'string') {
    const ms = value instanceof Date ? value.getTime() : value;
    if (!Number.isFinite(ms)) throw new RangeError(`Not a time: ${String(value)}`);
    return ms;
  }
  const m = ISO.exec(value.trim().replace(' ', 'T'));
  if (!m) throw new RangeError(`Not a time: ${value}`);
  const [year, month, day, hour = 0, minute = 0, second = 0] = m
    .slice(1, 7)
    .map((n) => (n === undefined ? undefined : Number(n))) as number[];
  const millisecond = m[7] ? Math.floor(Number(`0.${m[7]}`) * 1000) : 0;
  const local = Date.UTC(year, month - 1, day, hour, minute, second, millisecond);
  const check = new Date(local);
  if (year < 1 || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59)
    throw new RangeError(`Not a time: ${value}`);
  const offset = m[8];
  if (!offset) return wallToEpoch(local);
  if (/^z$/i.test(offset)) return local;
  const [, sign, oh, om = '0'] = /^([+-])(\d{2}):?(\d{2})?$/.exec(offset)!;
  return local - (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om)) * MINUTE_MS;
}

function partsOf(instant: Instant) {
  return wallParts(toEpoch(instant));
}

/** Wall-clock parts of an instant in Europe/Tallinn, whatever the machine's time zone is. */
export function tallinnDateParts(instant: Date | number): TallinnDateTimeParts {
  const { year, month, day, hour, minute, second } = partsOf(instant);
  return { year, month, day, hour, minute, second };
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * Epoch milliseconds of a Europe/Tallinn wall-clock time (`YYYY-MM-DD`, `YYYY-MM-DDTHH:mm[:ss]`).
 * A time skipped by the spring DST jump resolves to the instant one hour later (where a person
 * typed or picked the time, ask `tallinnLocalExists` first); an ambiguous autumn time resolves to
 * its first (summer-time) occurrence.
 */
export function tallinnLocalToEpoch(local: string): number {
  if (!LOCAL.test(local.trim())) throw new RangeError(`Not a local date-time: ${local}`);
  return toEpoch(local);
}

/**
 * Whether a Tallinn wall-clock time (as `tallinnLocalToEpoch` takes it) is on Tallinn's clock: it
 * reads back as itself from the instant it names. A time the spring jump skips (03:00–03:59 on the
 * last Sunday of March) does not; an hour the autumn change repeats does (its first occurrence).
 * Malformed input throws, as `tallinnLocalToEpoch` does.
 */
export function tallinnLocalExists(local: string): boolean {
  const wall = wallParts(tallinnLocalToEpoch(local));
  const asked = LOCAL.exec(local.trim())!
    .slice(1, 7)
    .map((n) => Number(n ?? 0));
  return [wall.year, wall.month, wall.day, wall.hour, wall.minute, wall.second].every((n, i) => n === asked[i]);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The Tallinn calendar date of an instant, 'YYYY-MM-DD'. */
export function tallinnIsoDate(instant: Instant): string {
  const { year, month, day } = partsOf(instant);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

const WEEKDAYS: readonly Weekday[] = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'];

/** The weekday an instant falls on in Tallinn (what rentDays are checked against). */
export function tallinnWeekday(instant: Instant): Weekday {
  return WEEKDAYS[weekdayIndexOfDayNumber(tallinnDayNumber(instant))];
}

/** Real (elapsed) hours from `start` to `end`; a DST change does not stretch or shrink them. */
export function hoursBetween(start: Instant, end: Instant): number {
  return (toEpoch(end) - toEpoch(start)) / 3_600_000;
}

/**
 * The Tallinn calendar date of an instant as a day number (days since 1970-01-01). Differences of
 * day numbers count calendar days, so a 23- or 25-hour DST day still counts as one.
 */
export function tallinnDayNumber(instant: Instant): number {
  const { year, month, day } = partsOf(instant);
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

/** `YYYY-MM-DD` of a day number. */
export function isoDateOfDayNumber(dayNumber: number): string {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}

/** Weekday of a day number, numbered like `Date#getDay()` (Sunday = 0, the spec's weekday index). */
export function weekdayIndexOfDayNumber(dayNumber: number): number {
  return new Date(dayNumber * DAY_MS).getUTCDay();
}

/** Seconds since Tallinn midnight (wall clock) of an instant. */
export function tallinnSecondOfDay(instant: Instant): number {
  const t = partsOf(instant);
  return t.hour * 3600 + t.minute * 60 + t.second;
}

/** Milliseconds since Tallinn midnight by the wall clock (not elapsed: a DST night does not shift it). */
export function tallinnMillisOfDay(instant: Instant): number {
  const t = partsOf(instant);
  return ((t.hour * 60 + t.minute) * 60 + t.second) * 1000 + t.millisecond;
}

function dayAndTime(t: TallinnDateTimeParts, withYear: boolean): string {
  return `${pad(t.day)}.${pad(t.month)}${withYear ? `.${pad(t.year, 4)}` : ''} ${pad(t.hour)}:${pad(t.minute)}`;
}

/**
 * `dd.MM.yyyy HH:mm` on the Tallinn wall clock, for texts that are kept and read later (mails,
 * notifications, contract documents): they always carry the year.
 */
export function formatTallinn(instant: Instant): string {
  return dayAndTime(partsOf(instant), true);
}

/**
 * The spec's date with time on screens, `DD.MM HH:mm` on the Tallinn wall clock; an instant in
 * another year than `now`'s (Tallinn) keeps its year, `DD.MM.YYYY HH:mm`, so last December's
 * rental never reads as this year's (ADR 0026).
 */
export function formatTallinnShort(instant: Instant, now: Instant = Date.now()): string {
  const t = partsOf(instant);
  return dayAndTime(t, t.year !== partsOf(now).year);
}
