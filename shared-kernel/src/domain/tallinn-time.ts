import { LOCALE } from './constants';

export interface TallinnDateTimeParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const partsFormatter = new Intl.DateTimeFormat('en-GB', {
  timeZone: LOCALE.timeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** Wall-clock parts of an instant in Europe/Tallinn, whatever the machine's time zone is. */
export function tallinnDateParts(instant: Date | number): TallinnDateTimeParts {
  const parts: Record<string, number> = {};
  for (const part of partsFormatter.formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute, second: parts.second };
}

function offsetMs(epoch: number): number {
  const p = tallinnDateParts(epoch);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(epoch / 1000) * 1000;
}

/**
 * Epoch milliseconds of a Europe/Tallinn wall-clock time (`YYYY-MM-DD`, `YYYY-MM-DDTHH:mm[:ss]`).
 * A time skipped by the spring DST jump resolves to the instant one hour later; an ambiguous
 * autumn time resolves to its first (summer-time) occurrence.
 */
export function tallinnLocalToEpoch(local: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(local.trim());
  if (!match) throw new RangeError(`Not a local date-time: ${local}`);
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = match;
  const asUtc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  // Offsets a day either side cover both sides of any DST change near this time.
  const before = offsetMs(asUtc - 86_400_000);
  const after = offsetMs(asUtc + 86_400_000);
  const fits = [before, after].map((o) => asUtc - o).filter((t) => asUtc - offsetMs(t) === t);
  if (fits.length > 0) return Math.min(...fits);
  return asUtc - before;
}

const DAY_MS = 86_400_000;

/**
 * The Tallinn calendar date of an instant as a day number (days since 1970-01-01). Differences of
 * day numbers count calendar days, so a 23- or 25-hour DST day still counts as one.
 */
export function tallinnDayNumber(instant: Date | number): number {
  const p = tallinnDateParts(instant);
  return Date.UTC(p.year, p.month - 1, p.day) / DAY_MS;
}

/** `YYYY-MM-DD` of a day number. */
export function isoDateOfDayNumber(dayNumber: number): string {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}

/** The Tallinn calendar date of an instant, `YYYY-MM-DD`. */
export function tallinnIsoDate(instant: Date | number): string {
  return isoDateOfDayNumber(tallinnDayNumber(instant));
}

/** Weekday of a day number, numbered like `Date#getDay()` (Sunday = 0); 1970-01-01 was a Thursday. */
export function weekdayIndexOfDayNumber(dayNumber: number): number {
  return (((dayNumber + 4) % 7) + 7) % 7;
}

/** Seconds since Tallinn midnight (wall clock) of an instant. */
export function tallinnSecondOfDay(instant: Date | number): number {
  const p = tallinnDateParts(instant);
  return p.hour * 3600 + p.minute * 60 + p.second;
}
