import { sql, type SQL } from 'drizzle-orm';
import { GO_KART_PRODUCT_ID, SERVICE_FEE_BP } from 'shared-kernel/domain';
import { rentalVatRateBp, TIER_MIN_DAYS, type RentalSpan } from 'shared-kernel/time';
import type { SearchPeriod } from '../services/availability/search-period';
import { calendarBlockOverlaps, holdingReservationOverlaps } from './period-overlaps';

// The dated search's conditions on a product row `p` (ADR 0047). The period side is worked out once
// in TypeScript (services/availability/search-period.ts, the booking's period-rules); these only
// compare the product's columns with it, as the booking's calendarRefusal and rentalPrice do.

/** kernel `minutesOf` of a text column: `H:mm`/`HH:mm` (24:00 at most) as minutes after midnight, else null. */
function minutesOf(column: SQL): SQL {
  return sql`(select case when m is null or m[1]::int > 24 or m[2]::int > 59 or (m[1]::int = 24 and m[2]::int > 0) then null
      else m[1]::int * 60 + m[2]::int end
    from (select regexp_match(btrim(${column}, E' \\t\\n\\r\\f\\v'), '^([0-9]{1,2}):([0-9]{2})$') as m) x)`;
}

/** kernel `dailyWindow` holds both minutes: a missing, malformed or inverted window is the whole day. */
function windowHolds(minutes: number[]): SQL {
  const inside = sql.join(
    minutes.map((m) => sql`${m}::float8 between w.open and w.close`),
    sql` and `,
  );
  return sql`(select w.open is null or w.close is null or w.close <= w.open or (${inside})
    from (select ${minutesOf(sql`p.start_ts`)} as open, ${minutesOf(sql`p.end_ts`)} as close) w)`;
}

const rentsOn = (weekday: string) => sql`(cardinality(p.rent_days) = 0 or ${weekday}::text = any(p.rent_days))`;

/** Every rule of `calendarRefusal`, reservations' overlap and outside calendars' blocks, for `p`. */
export function periodFree(period: SearchPeriod): SQL {
  const f = period.facts;
  return sql.join(
    [
      rentsOn(f.startWeekday),
      rentsOn(f.endWeekday),
      ...(period.hours ? [windowHolds([f.startMinute, f.endMinute])] : []),
      sql`not exists (select 1 from product_vacation_days v where v.product_id = p.id and v.day between ${f.firstDay}::date and ${f.lastDay}::date)`,
      sql`not ${holdingReservationOverlaps(sql`p.id`, period.startMs, period.endMs)}`,
      sql`not ${calendarBlockOverlaps(sql`p.id`, period.startMs, period.endMs)}`,
    ],
    sql` and `,
  );
}

const positive = (column: string) => sql.raw(`(p.${column} > 0)`);

/**
 * kernel `rentalPrice` of the span for `p`, net cents (null: no price for it). The span decides
 * which tiers can apply, so only those are written out; the product's columns decide among them.
 */
export function rentalNetCentsSql(span: RentalSpan): SQL {
  const branches: SQL[] = [];
  if (span.sameDay) branches.push(sql`when ${positive('price_hour_cents')} then ${span.hours}::bigint * p.price_hour_cents`);
  for (const [tier, column] of [
    ['month', 'month_cents'],
    ['twoWeek', 'two_week_cents'],
    ['week', 'a_week_cents'],
    ['threeDay', 'three_day_cents'],
  ] as const) {
    if (span.days >= TIER_MIN_DAYS[tier]) branches.push(sql`when ${positive(column)} then ${span.days}::bigint * p.${sql.raw(column)}`);
  }
  // The day tier: weekend days at the weekend price when there is one, the rest at the day price.
  const weekendUnits = sql`(case when ${positive('weekend_day_cents')} then ${span.weekendDays}::bigint else 0 end)`;
  const dayTier = sql`(case when ${span.days}::bigint - ${weekendUnits} > 0 and not coalesce(${positive('price_daily_cents')}, false) then null
    else (${span.days}::bigint - ${weekendUnits}) * (case when ${positive('price_daily_cents')} then p.price_daily_cents else 0 end)
      + ${weekendUnits} * (case when ${positive('weekend_day_cents')} then p.weekend_day_cents else 0 end) end)`;
  return branches.length === 0 ? dayTier : sql`(case ${sql.join(branches, sql` `)} else ${dayTier} end)`;
}

/**
 * kernel `quoteRental`'s total for the period without additional services, cents: the net rent,
 * the owner's VAT of the start date when they are VAT-liable, and the rent fee, each rounded as
 * `percentOfCents` does. Null for the go-kart track (booked by rides, never for a period) and
 * for a product without a price for the period.
 */
export function periodPriceCentsSql(period: SearchPeriod): SQL {
  const vatBp = rentalVatRateBp(true, period.startMs);
  const feeBp = SERVICE_FEE_BP.rental;
  return sql`(case when p.id = ${GO_KART_PRODUCT_ID} then null else (
    select x.net + (x.net * x.vat_bp + 5000) / 10000 + (x.net * ${feeBp} + 5000) / 10000
    from (select ${rentalNetCentsSql(period.span)} as net,
      (case when (select u.allow_vat from users u where u.id = p.user_id) then ${vatBp} else 0 end)::bigint as vat_bp) x
  ) end)`;
}
