import { toCents } from '../domain/money';
import { tallinnDayNumber, tallinnMillisOfDay, toEpoch, weekdayIndexOfDayNumber, type Instant } from './tallinn-time';

export type PriceTier = 'hour' | 'day' | 'threeDay' | 'week' | 'twoWeek' | 'month';

/**
 * A product's tier prices in integer cents, net of VAT (null or 0: the owner gave none). The hourly
 * price is per hour, every other one per day: "from 3 days 25 €" means 25 € for each day.
 */
export interface TierPricesCents {
  hourCents?: number | null;
  dayCents?: number | null;
  threeDayCents?: number | null;
  weekCents?: number | null;
  twoWeekCents?: number | null;
  monthCents?: number | null;
  /** Replaces the day price on Saturdays and Sundays while the day tier applies. */
  weekendDayCents?: number | null;
}

/** The euro prices a product carries in JSON (spec section 3 names), as cents. */
export function tierPricesFromEuros(product: {
  priceHour?: number | null;
  priceDaily?: number | null;
  threeDay?: number | null;
  aweek?: number | null;
  twoWeek?: number | null;
  month?: number | null;
  weekendDay?: number | null;
}): TierPricesCents {
  const cents = (euros: number | null | undefined) => (typeof euros === 'number' && Number.isFinite(euros) ? toCents(euros) : null);
  return {
    hourCents: cents(product.priceHour),
    dayCents: cents(product.priceDaily),
    threeDayCents: cents(product.threeDay),
    weekCents: cents(product.aweek),
    twoWeekCents: cents(product.twoWeek),
    monthCents: cents(product.month),
    weekendDayCents: cents(product.weekendDay),
  };
}

/** Length thresholds in rental days. A month counts as 30 days (ADR 0012). */
export const TIER_MIN_DAYS: Readonly<Record<Exclude<PriceTier, 'hour'>, number>> = {
  day: 1,
  threeDay: 3,
  week: 7,
  twoWeek: 14,
  month: 30,
};

const HOUR_MS = 3_600_000;

/**
 * How long a rental is, counted on the Europe/Tallinn calendar (luxon):
 * - `sameDay`: it starts and ends on one calendar date (an hourly pick);
 * - `hours`: started hours of elapsed time (a DST night has 23 or 25 of them);
 * - `days`: calendar days from the start date to the end date, plus one when the end's wall-clock
 *   time is later than the start's (a started day counts in full), at least 1. Days are calendar
 *   days, not 24-hour blocks: Saturday 10:00 to Monday 10:00 is two days even when the clocks fall
 *   back in between and 49 hours pass;
 * - `weekendDays`: how many of those days (start date + 0 … days − 1) are Saturdays or Sundays.
 * An end before the start counts as no length (one started hour on the start date).
 */
export interface RentalSpan {
  sameDay: boolean;
  hours: number;
  days: number;
  weekendDays: number;
}

export function rentalSpan(start: Instant, end: Instant): RentalSpan {
  const startMs = toEpoch(start);
  const endMs = Math.max(startMs, toEpoch(end));
  const firstDay = tallinnDayNumber(startMs);
  const lastDay = tallinnDayNumber(endMs);
  const sameDay = firstDay === lastDay;
  const hours = Math.max(1, Math.ceil((endMs - startMs) / HOUR_MS));
  const startedExtraDay = tallinnMillisOfDay(endMs) > tallinnMillisOfDay(startMs) ? 1 : 0;
  const days = Math.max(1, lastDay - firstDay + startedExtraDay);
  return { sameDay, hours, days, weekendDays: weekendDaysFrom(firstDay, days) };
}

function weekendDaysFrom(firstDay: number, days: number): number {
  const fullWeeks = Math.floor(days / 7);
  let weekend = fullWeeks * 2;
  for (let d = firstDay + fullWeeks * 7; d < firstDay + days; d++) {
    const weekday = weekdayIndexOfDayNumber(d);
    if (weekday === 0 || weekday === 6) weekend++;
  }
  return weekend;
}

export interface RentalPrice {
  tier: PriceTier;
  /** Hours for the hourly tier, days otherwise. */
  units: number;
  unitPriceCents: number;
  /** Days charged at the weekend-day price (day tier only). */
  weekendUnits: number;
  weekendUnitPriceCents: number;
  totalCents: number;
}

const DAY_TIERS_DESC: ReadonlyArray<[Exclude<PriceTier, 'hour' | 'day'>, keyof TierPricesCents]> = [
  ['month', 'monthCents'],
  ['twoWeek', 'twoWeekCents'],
  ['week', 'weekCents'],
  ['threeDay', 'threeDayCents'],
];

function positive(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/**
 * The net rental price of a span (tier rules of ADR 0012):
 * - a same-day rental with an hourly price costs started hours × the hourly price;
 * - otherwise the longest tier the length reaches *and the product has* is the rate for every day,
 *   falling back to shorter tiers;
 * - on the day tier, Saturdays and Sundays cost the weekend-day price when there is one.
 * Undefined when the product has no price for the span.
 */
export function rentalPrice(prices: TierPricesCents, span: RentalSpan): RentalPrice | undefined {
  if (span.sameDay && positive(prices.hourCents)) {
    const unitPriceCents = prices.hourCents;
    return {
      tier: 'hour',
      units: span.hours,
      unitPriceCents,
      weekendUnits: 0,
      weekendUnitPriceCents: 0,
      totalCents: span.hours * unitPriceCents,
    };
  }
  for (const [tier, field] of DAY_TIERS_DESC) {
    const price = prices[field];
    if (span.days >= TIER_MIN_DAYS[tier] && positive(price)) {
      return { tier, units: span.days, unitPriceCents: price, weekendUnits: 0, weekendUnitPriceCents: 0, totalCents: span.days * price };
    }
  }
  const weekendPrice = positive(prices.weekendDayCents) ? prices.weekendDayCents : undefined;
  const weekendUnits = weekendPrice === undefined ? 0 : span.weekendDays;
  const weekdayUnits = span.days - weekendUnits;
  if (weekdayUnits > 0 && !positive(prices.dayCents)) return undefined;
  const unitPriceCents = positive(prices.dayCents) ? prices.dayCents : 0;
  const weekendUnitPriceCents = weekendPrice ?? 0;
  return {
    tier: 'day',
    units: span.days,
    unitPriceCents,
    weekendUnits,
    weekendUnitPriceCents,
    totalCents: weekdayUnits * unitPriceCents + weekendUnits * weekendUnitPriceCents,
  };
}

/**
 * `rentalPrice` of the span between two instants (epoch ms, Date, or an ISO string; a string
 * without an offset is Tallinn wall-clock time).
 */
export function rentalPriceBetween(prices: TierPricesCents, start: Instant, end: Instant): RentalPrice | undefined {
  return rentalPrice(prices, rentalSpan(start, end));
}
