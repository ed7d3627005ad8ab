import { sql, type SQL } from 'drizzle-orm';
import { HOLDING_RESERVATION_STATUSES } from 'shared-kernel/domain';

// What takes a product's time, as SQL. For one product (calendar import) a scalar subquery
// rather than EXISTS: PostgreSQL never turns one into a join, so it stays one index probe, where an
// anti join planned on a low row estimate could compare every candidate with every blocked period.

const instant = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;
const holding = sql.raw(HOLDING_RESERVATION_STATUSES.map((s) => `'${s}'`).join(', '));

/** A blocked period of one of the product's followed outside calendars overlaps [startMs, endMs). */
export function calendarBlockOverlaps(productId: SQL, startMs: number, endMs: number): SQL {
  return sql`coalesce((select true from calendar_blocks b where b.product_id = ${productId}
    and b.start_ts < ${instant(endMs)} and b.end_ts > ${instant(startMs)} limit 1), false)`;
}

// The same three facts the other way round, for the dated search (ADR 0047): the ids of every
// product the period is taken for, read once through an index on the time (migration 0020). Used
// as `p.id not in (...)`, PostgreSQL hashes them once (a hashed SubPlan; it never turns NOT IN into
// a join) and each candidate costs a hash probe, where a probe per candidate into three indexes
// cost 50-250 ms for the thousand candidates a count reads. In the search bench (100k products)
// a Saturday next week touches 178 reservations, and even a day crowded with 25,000 hashes in a
// few milliseconds.

/**
 * Products with a holding reservation overlapping [startMs, endMs): the rows of the exclusion
 * constraint reservations_no_overlap (migrations 0005, 0010) that refuses a booking's insert. Go-kart
 * bookings share the track by slots and are left out, as the constraint leaves them out.
 */
export function productsWithHoldingReservation(startMs: number, endMs: number): SQL {
  // The closed range matches reservations_holding_range_idx only (see migration 0020); the three
  // comparisons after it make it exactly the half-open overlap, an empty reservation overlapping nothing.
  return sql`select r.product_id from reservations r
    where tstzrange(r.start_ts, r.end_ts, '[]') && tstzrange(${instant(startMs)}, ${instant(endMs)}, '[)')
    and r.start_ts < r.end_ts and r.start_ts < ${instant(endMs)} and r.end_ts > ${instant(startMs)}
    and r.status in (${holding}) and r.kind <> 'GOKART'`;
}

/**
 * Products with a blocked period overlapping [startMs, endMs); same predicate as calendarBlockOverlaps.
 * Blocks come from outside calendars unchecked, so the indexed range is made of the ordered ends
 * with both included: a superset the exact comparison then narrows (an inverted or empty block
 * never breaks the index and is judged as before).
 */
export function productsWithCalendarBlock(startMs: number, endMs: number): SQL {
  return sql`select b.product_id from calendar_blocks b
    where tstzrange(least(b.start_ts, b.end_ts), greatest(b.start_ts, b.end_ts), '[]') && tstzrange(${instant(startMs)}, ${instant(endMs)}, '[)')
    and b.start_ts < ${instant(endMs)} and b.end_ts > ${instant(startMs)}`;
}

/** Products on vacation on any day from firstDay to lastDay (`YYYY-MM-DD`). */
export function productsOnVacation(firstDay: string, lastDay: string): SQL {
  return sql`select v.product_id from product_vacation_days v where v.day between ${firstDay}::date and ${lastDay}::date`;
}
