import { toCents } from '../domain/money';
import { hoursBetween, tallinnDaysBetween, toEpoch, type Instant } from './tallinn-time';

export type PriceTier = 'hour' | 'day' | 'threeDay' | 'week' | 'twoWeek' | 'month';

/** A product's tiered prices in euros, named as the product entity names them. */
export interface TierPrices {
  priceHour?: number | null;
  priceDaily?: number | null;
  threeDay?: number | null;
  aweek?: number | null;
  twoWeek?: number | null;
  month?: number | null;
}

/** Length thresholds in days. A month counts as 30 days (the seed does not say which month). */
export const TIER_MIN_DAYS: Readonly<Record<Exclude<PriceTier, 'hour'>, number>> = {
  day: 1,
  threeDay: 3,
  week: 7,
  twoWeek: 14,
  month: 30,
};

/**
 * Rental length in started Tallinn calendar days (a started day counts in full), at least 1. Days
 * are calendar days, not 24-hour blocks: Saturday 10:00 to Monday 10:00 is two days even when
 * the clocks fall back in between and 49 hours pass.
 */
export function rentalDays(start: Instant, end: Instant): number {
  return Math.max(1, Math.ceil(roundMs(tallinnDaysBetween(start, end))));
}

/** Rental length in started real hours, at least 1 (a DST change changes the hours that pass). */
export function rentalHours(start: Instant, end: Instant): number {
  return Math.max(1, Math.ceil(roundMs(hoursBetween(start, end))));
}

// A millisecond's worth of floating-point noise must not start another day or hour.
function roundMs(units: number): number {
  return Math.round(units * 1e9) / 1e9;
}

/** The tier a rental from `start` to `end` falls into, ignoring which prices the product has. */
export function tierForLength(start: Instant, end: Instant): PriceTier {
  if (tallinnDaysBetween(start, end) < 1) return 'hour';
  const days = rentalDays(start, end);
  if (days >= TIER_MIN_DAYS.month) return 'month';
  if (days >= TIER_MIN_DAYS.twoWeek) return 'twoWeek';
  if (days >= TIER_MIN_DAYS.week) return 'week';
  if (days >= TIER_MIN_DAYS.threeDay) return 'threeDay';
  return 'day';
}

const DAY_TIERS_DESC: ReadonlyArray<[Exclude<PriceTier, 'hour'>, keyof TierPrices]> = [
  ['month', 'month'],
  ['twoWeek', 'twoWeek'],
  ['week', 'aweek'],
  ['threeDay', 'threeDay'],
  ['day', 'priceDaily'],
];

function positive(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

export interface RentalPrice {
  tier: PriceTier;
  /** Hours for the hourly tier, days otherwise. */
  units: number;
  unitPriceCents: number;
  totalCents: number;
}

/**
 * Price of a rental in integer cents. Tier prices are per-day rates (the hourly one per hour);
 * the longest tier the rental reaches *and the product has* applies, falling back to shorter
 * tiers. Rentals under a Tallinn calendar day use the hourly price when there is one. Returns
 * undefined when the product has no usable price.
 */
export function computeRentalPrice(prices: TierPrices, start: Instant, end: Instant): RentalPrice | undefined {
  const until = toEpoch(end) < toEpoch(start) ? start : end;
  const tier = tierForLength(start, until);
  if (tier === 'hour' && positive(prices.priceHour)) {
    const units = rentalHours(start, until);
    const unitPriceCents = toCents(prices.priceHour);
    return { tier, units, unitPriceCents, totalCents: units * unitPriceCents };
  }
  const days = rentalDays(start, until);
  const applicable = DAY_TIERS_DESC.filter(([name]) => days >= TIER_MIN_DAYS[name]);
  for (const [name, field] of applicable) {
    const price = prices[field];
    if (positive(price)) {
      const unitPriceCents = toCents(price);
      return { tier: name, units: days, unitPriceCents, totalCents: days * unitPriceCents };
    }
  }
  return undefined;
}
