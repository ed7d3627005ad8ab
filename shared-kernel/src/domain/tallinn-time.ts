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
