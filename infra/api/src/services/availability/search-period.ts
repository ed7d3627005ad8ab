import { searchPeriodKind } from 'shared-kernel/schemas';
import { rentalSpan, tallinnIsoDate, tallinnLocalToEpoch, type RentalSpan } from 'shared-kernel/time';
import { periodError } from './plan-reservation';
import { checkTimes, periodFacts, type PeriodFacts } from './period-rules';

/**
 * The period of a dated search (issue 32, ADR 0047) as the booking rules read it.
 *
 * - Hour mode (`from`/`to` are Tallinn wall-clock minutes): exactly the booking of that period.
 * - Day mode (`from`/`to` are dates): the renter takes the item on `from` and brings it back on
 *   `to`, at hours they pick later in the booking panel. So the rent days are those of `from` and
 *   `to`, the daily window is not checked, vacation days count from `from` to `to`, and any holding
 *   reservation or blocked period on those whole days (`from` 00:00 to the midnight after `to`)
 *   hides the product. It is priced as those whole days: `to - from + 1` rental days, which is also
 *   what a booking from the opening hour on `from` to the same hour or later on `to` costs.
 */
export interface SearchPeriod {
  mode: 'day' | 'hour';
  /** What must be free of reservations and blocked periods, end exclusive. */
  startMs: number;
  endMs: number;
  /** The calendar facts the product columns are compared with. */
  facts: PeriodFacts;
  /** Whether the daily window applies (hour mode only). */
  hours: boolean;
  /** The span the period price is for (kernel rentalSpan of [startMs, endMs)). */
  span: RentalSpan;
}

const DAY_MS = 86_400_000;

/** The date after a `YYYY-MM-DD` date, as a date. */
function nextDate(isoDate: string): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/**
 * The search's period, or null without one. The schema has checked the form (both or neither, same
 * kind, real dates); here the booking's own rules judge order, length, past and horizon on the API's
 * clock (a day-mode `from` of today is not in the past), refused with the booking's codes and texts.
 */
export function searchPeriod(q: { from?: string; to?: string }, now: Date): SearchPeriod | null {
  if (q.from === undefined || q.to === undefined) return null;
  const mode = searchPeriodKind(q.from);
  if (mode === null || searchPeriodKind(q.to) !== mode) return null;
  if (mode === 'hour') {
    const startMs = tallinnLocalToEpoch(q.from);
    const endMs = tallinnLocalToEpoch(q.to);
    const refusal = checkTimes(startMs, endMs, now.getTime());
    if (refusal) throw periodError(refusal);
    return { mode, startMs, endMs, facts: periodFacts(startMs, endMs), hours: true, span: rentalSpan(startMs, endMs) };
  }
  const startMs = tallinnLocalToEpoch(q.from);
  const endMs = tallinnLocalToEpoch(nextDate(q.to));
  const todayMs = tallinnLocalToEpoch(tallinnIsoDate(now));
  const refusal = checkTimes(startMs, endMs, todayMs);
  if (refusal) throw periodError(refusal);
  // The return is on `to`: its weekday and date, read one minute before the midnight that ends it.
  return { mode, startMs, endMs, facts: periodFacts(startMs, endMs - 60_000), hours: false, span: rentalSpan(startMs, endMs) };
}
