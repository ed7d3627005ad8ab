import { sql, type SQL } from 'drizzle-orm';
import { GO_KART_PRODUCT_ID, SERVICE_FEE_BP } from 'shared-kernel/domain';
import { rentalVatRateBp, TIER_MIN_DAYS, type RentalSpan } from 'shared-kernel/time';
import { queryRows, type Db } from '../db/database';
import type { SearchPeriod } from '../lib/search-period';
import { productsOnVacation, productsWithCalendarBlock, productsWithHoldingReservation } from './period-overlaps';

// The dated search's conditions on a product row `p` (ADR 0047). The period side is worked out once
// in TypeScript (services/availability/search-period.ts, the booking's period-rules); these only
// compare the product's columns with it, as the booking's calendarRefusal and rentalPrice do.

/**
 * kernel `dailyWindow` holds both minutes: a missing, malformed or inverted window is the whole day.
 * The window's ends are read as the kernel's `minutesOf` reads them by the stored generated columns
 * `window_open_min`/`window_close_min` (migration 0023): written out here, that expression came
 * about ten times per candidate and took most of an hour search's time (ADR 0047).
 */
function windowHolds(minutes: number[]): SQL {
  const open = sql`p.window_open_min`;
  const close = sql`p.window_close_min`;
  const inside = sql.join(
    minutes.map((minute) => sql`${minute}::float8 between ${open} and ${close}`),
    sql` and `,
  );
  return sql`(${open} is null or ${close} is null or ${close} <= ${open} or (${inside}))`;
}

/**
 * kernel `rentsOnWeekday`: no rent days is every day. Written as comparisons the planner estimates
 * from the column's statistics (`= '{}'`, `@>`); `cardinality(...) = 0 or ... = any(...)` it guessed
 * at 1 % each, so for a Saturday it expected 200 of 100,000 products free, sorted them all for the
 * page instead of walking the creation-time index, and planned parallel scans (ADR 0047).
 */
const rentsOn = (weekday: string) => sql`(p.rent_days = '{}'::text[] or p.rent_days @> array[${weekday}::text])`;

/**
 * Every rule of `calendarRefusal`, reservations' overlap and outside calendars' blocks, for `p`.
 * `busy`: the period's busy products as read once by `readBusyProducts`, for a search whose
 * statements would each build the three sets again; without it they are built in the statement.
 */
export function periodFree(period: SearchPeriod, busy?: string): SQL {
  const f = period.facts;
  return sql.join(
    [
      rentsOn(f.startWeekday),
      rentsOn(f.endWeekday),
      ...(period.hours ? [windowHolds([f.startMinute, f.endMinute])] : []),
      ...(busy !== undefined
        ? // A constant array: PostgreSQL 15+ probes a hash of it per candidate, as it did the sets below.
          [sql`p.id <> all(${busy}::int[])`]
        : [
            // Product ids are never null, so NOT IN means "not among them".
            sql`p.id not in (${productsOnVacation(f.firstDay, f.lastDay)})`,
            sql`p.id not in (${productsWithHoldingReservation(period.startMs, period.endMs)})`,
            sql`p.id not in (${productsWithCalendarBlock(period.startMs, period.endMs)})`,
          ]),
    ],
    sql` and `,
  );
}

/**
 * The ids of every product the period is taken for (a vacation day, a holding reservation, an outside
 * calendar's block), as one array value (`{4,17}`). Over the count cap a search runs two or three
 * statements (count, price bound, page) and each built these three sets again, about 5 ms each on
 * the 100k bench, more than the rest of a page statement (ADR 0047).
 */
export async function readBusyProducts(db: Db, period: SearchPeriod): Promise<string> {
  const f = period.facts;
  const [row] = await queryRows<{ ids: string }>(
    db,
    sql`select coalesce(array_agg(id), '{}')::text as ids from (${productsOnVacation(f.firstDay, f.lastDay)}
      union ${productsWithHoldingReservation(period.startMs, period.endMs)}
      union ${productsWithCalendarBlock(period.startMs, period.endMs)}) busy(id)`,
  );
  return row.ids;
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

/** Whether `p`'s owner is VAT-liable: one hashed set of the few such owners per statement, not a probe per candidate. */
export const ownerVatLiable = sql`p.user_id in (select u.id from users u where u.allow_vat)`;

/**
 * kernel `quoteRental`'s total for the period without additional services, cents: the net rent,
 * the owner's VAT of the start date when they are VAT-liable, and the rent fee, each rounded as
 * `percentOfCents` does. Null for the go-kart track (booked by rides, never for a period) and
 * for a product without a price for the period. Plain expressions (the net written out again for
 * each share): a subquery per candidate for the shares and the owner cost more than the arithmetic.
 */
export function periodPriceCentsSql(period: SearchPeriod): SQL {
  const vatBp = rentalVatRateBp(true, period.startMs);
  const net = rentalNetCentsSql(period.span);
  const share = (bp: number) => sql`(${net} * ${bp}::bigint + 5000) / 10000`;
  const fee = share(SERVICE_FEE_BP.rental);
  return sql`(case when p.id = ${GO_KART_PRODUCT_ID} then null
    when ${ownerVatLiable} then ${net} + ${share(vatBp)} + ${fee}
    else ${net} + ${fee} end)`;
}

const rateColumns = (columns: string[]) => sql.raw(`least(${columns.map((c) => `case when p.${c} > 0 then p.${c} end`).join(', ')})`);
/** Shorter rentals than the three-day tier: day and weekend-day rates (products_short_day_rate_idx). */
const shortDayRate = rateColumns(['price_daily_cents', 'weekend_day_cents']);
/** Any whole-day rental: every per-day tier (products_min_day_rate_idx). */
const anyDayRate = rateColumns([
  'price_daily_cents',
  'weekend_day_cents',
  'three_day_cents',
  'a_week_cents',
  'two_week_cents',
  'month_cents',
]);

/**
 * The lowest positive per-day rate of `p` among the tiers a whole-day span can be priced by, null
 * when it has none: the expression of an index of migration 0021, written exactly as there so the
 * planner matches it. kernel `rentalPrice` prices `days` days at rates among these and VAT and fee
 * only add, so a period's price is never below `days × dayRateFloor`: a bound a price sort and a
 * maximum price can use an index by. Not for a same-day span, which may be priced by the hour.
 */
export function dayRateFloorSql(span: RentalSpan): SQL {
  return span.days < TIER_MIN_DAYS.threeDay ? shortDayRate : anyDayRate;
}

/**
 * The price range as SQL on `p`: with a period its total exactly (as `periodPrice` shows it, to the
 * cent); without one the whole euros a card shows (`displayPrice`, rounded half up), read from the
 * stored day price so the price index still serves.
 */
export function priceRange(q: { minPrice?: number; maxPrice?: number }, period: SearchPeriod | null): SQL[] {
  if (q.minPrice === undefined && q.maxPrice === undefined) return [];
  if (period) {
    // One reading of the price per candidate (it is worked out, not stored): BETWEEN would be
    // expanded into two comparisons, each working it out again.
    const price = periodPriceCentsSql(period);
    const range = sql`${price} <@ int8range(${q.minPrice === undefined ? null : q.minPrice * 100}::bigint, ${q.maxPrice === undefined ? null : q.maxPrice * 100}::bigint, '[]')`;
    // A whole-day period never costs less than days × its day-rate floor, so a product whose floor is
    // over the maximum is left out by that cheap comparison before its price is worked out. Not in
    // the index's form (`+ 0`): its good estimate next to the price's guessed one made the planner
    // take every product under the floor by that index and sort them for a page in creation order.
    const underMax =
      q.maxPrice !== undefined && !period.span.sameDay
        ? [sql`${dayRateFloorSql(period.span)} + 0 <= ${Math.min(Math.floor((q.maxPrice * 100) / period.span.days), 2_147_483_647)}`]
        : [];
    return [...underMax, range];
  }
  return [
    ...(q.minPrice !== undefined ? [sql`p.search_price_cents >= ${q.minPrice * 100 - 50}`] : []),
    ...(q.maxPrice !== undefined ? [sql`p.search_price_cents < ${q.maxPrice * 100 + 50}`] : []),
  ];
}
