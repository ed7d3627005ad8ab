import { toCents } from './money';

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

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Length thresholds in days. A month counts as 30 days (the seed does not say which month). */
export const TIER_MIN_DAYS: Readonly<Record<Exclude<PriceTier, 'hour'>, number>> = {
  day: 1,
  threeDay: 3,
  week: 7,
  twoWeek: 14,
  month: 30,
};

/** Rental length in started days (a started day counts in full), at least 1. */
export function rentalDays(durationMs: number): number {
  return Math.max(1, Math.ceil(durationMs / DAY_MS));
}

/** Rental length in started hours, at least 1. */
export function rentalHours(durationMs: number): number {
  return Math.max(1, Math.ceil(durationMs / HOUR_MS));
}

/** The tier a rental of this length falls into, ignoring which prices the product has. */
export function tierForDuration(durationMs: number): PriceTier {
  if (durationMs < DAY_MS) return 'hour';
  const days = rentalDays(durationMs);
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
 * tiers. Rentals under a day use the hourly price when there is one. Returns undefined when the
 * product has no usable price.
 */
export function computeRentalPrice(prices: TierPrices, startMs: number, endMs: number): RentalPrice | undefined {
  const duration = Math.max(0, endMs - startMs);
  const tier = tierForDuration(duration);
  if (tier === 'hour' && positive(prices.priceHour)) {
    const units = rentalHours(duration);
    const unitPriceCents = toCents(prices.priceHour);
    return { tier, units, unitPriceCents, totalCents: units * unitPriceCents };
  }
  const days = rentalDays(duration);
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
