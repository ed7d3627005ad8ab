import type { Weekday } from 'shared-kernel/domain';
import type { RentalSpan } from 'shared-kernel/time';

// The shapes a dated search's period travels in (issue 32, ADR 0047): services/availability
// resolves and judges the period, the search repository turns it into SQL parameters; both read
// these plain values, so the repository never imports a service.

/** See periodFacts in services/availability/period-rules.ts. */
export interface PeriodFacts {
  startWeekday: Weekday;
  endWeekday: Weekday;
  startMinute: number;
  endMinute: number;
  /** `YYYY-MM-DD`. */
  firstDay: string;
  lastDay: string;
}

/**
 * The period of a dated search (issue 32, ADR 0047) as the booking rules read it.
 *
 * - Hour mode (`from`/`to` are Tallinn wall-clock minutes): exactly the booking of that period.
 * - Day mode (`from`/`to` are dates): the renter has the item for the whole days `from` to `to`,
 *   as the booking panel books them: handover on `from`, return on the morning after `to`, at the
 *   opening hour. So the rent days are those of `from` and of the day after `to`, the daily window
 *   is not checked, vacation days count from `from` to `to`, and any holding reservation or blocked
 *   period on those whole days (`from` 00:00 to the midnight after `to`) hides the product. It is
 *   priced as those whole days, `to - from + 1` rental days: what that booking costs.
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
