import { messages } from 'shared-kernel/messages';
import { searchPeriodKind } from 'shared-kernel/schemas';
import { rentalSpan, tallinnIsoDate, tallinnLocalToEpoch } from 'shared-kernel/time';
import { periodError } from './plan-reservation';
import { ApiError } from '../../lib/api-error';
import type { SearchPeriod } from '../../lib/search-period';
import { checkTimes, periodFacts } from './period-rules';

export type { SearchPeriod };

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
    // Booking calls an empty period "start after end" (the spec's text for the code); a renter who
    // picked the same hour twice is better told what to change.
    if (endMs === startMs) throw new ApiError(400, 'INVALID_TIMES_START_AFTER_END', messages.errors.search.periodEmpty);
    const refusal = checkTimes(startMs, endMs, now.getTime());
    if (refusal) throw periodError(refusal);
    return { mode, startMs, endMs, facts: periodFacts(startMs, endMs), hours: true, span: rentalSpan(startMs, endMs) };
  }
  const startMs = tallinnLocalToEpoch(q.from);
  const endMs = tallinnLocalToEpoch(nextDate(q.to));
  const todayMs = tallinnLocalToEpoch(tallinnIsoDate(now));
  const refusal = checkTimes(startMs, endMs, todayMs);
  if (refusal) throw periodError(refusal);
  // The booking panel books the searched days as handover on `from` and return on the morning after
  // `to` (to - from + 1 days, the price below), so that morning's weekday must be a rent day; the
  // dates touched for vacation days end with `to` (periodFacts reads the last date one ms before).
  return { mode, startMs, endMs, facts: periodFacts(startMs, endMs), hours: false, span: rentalSpan(startMs, endMs) };
}
