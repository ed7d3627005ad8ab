import { sql, type SQL } from 'drizzle-orm';
import { HOLDING_RESERVATION_STATUSES } from 'shared-kernel/domain';

// What takes a product's time, as SQL conditions on a product id: the booking writes and reads
// them, and the dated search (ADR 0047) asks the very same of every candidate product. Each is a
// scalar subquery rather than EXISTS: PostgreSQL never turns one into a join, so it stays one index
// probe per candidate, where an anti join planned on a low row estimate could compare every
// candidate with every blocked period.

const instant = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;
const holding = sql.raw(HOLDING_RESERVATION_STATUSES.map((s) => `'${s}'`).join(', '));

/**
 * A holding reservation of the product overlaps [startMs, endMs): the predicate of the exclusion
 * constraint reservations_no_overlap (migrations 0005, 0010) that refuses a booking's insert,
 * written the same way so the constraint's GiST index answers it. Go-kart bookings share the
 * track by slots and are left out, as the constraint leaves them out.
 */
export function holdingReservationOverlaps(productId: SQL, startMs: number, endMs: number): SQL {
  return sql`coalesce((select true from reservations r where r.product_id = ${productId}
    and tstzrange(r.start_ts, r.end_ts, '[)') && tstzrange(${instant(startMs)}, ${instant(endMs)}, '[)')
    and r.status in (${holding}) and r.kind <> 'GOKART' limit 1), false)`;
}

/** A blocked period of one of the product's followed outside calendars overlaps [startMs, endMs). */
export function calendarBlockOverlaps(productId: SQL, startMs: number, endMs: number): SQL {
  return sql`coalesce((select true from calendar_blocks b where b.product_id = ${productId}
    and b.start_ts < ${instant(endMs)} and b.end_ts > ${instant(startMs)} limit 1), false)`;
}
