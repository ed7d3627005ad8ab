/**
 * The seed's price helpers, kept so the kernel only grows (ADR 0003). Superseded by quoteRental,
 * rentalPriceBetween and withVatAndFee (docs/adr/0012-vat-readings-and-price-arithmetic.md): these
 * count days as 24-hour blocks (a DST day is off by one hour), take euros as floats and carry the
 * seed's fixed VAT factors. Nothing in the repository uses them any more.
 */
import { round2, toCents } from './money';
import { TIER_MIN_DAYS, type PriceTier, type RentalPrice } from './price-tiers';

/** @deprecated Use TierPricesCents and tierPricesFromEuros. */
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

/** @deprecated Use rentalSpan (Tallinn calendar days). */
export function rentalDays(durationMs: number): number {
  return Math.max(1, Math.ceil(durationMs / DAY_MS));
}

/** @deprecated Use rentalSpan. */
export function rentalHours(durationMs: number): number {
  return Math.max(1, Math.ceil(durationMs / HOUR_MS));
}

/** @deprecated Use rentalPrice(prices, rentalSpan(start, end)).tier. */
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

/** @deprecated Use rentalPriceBetween (cents, Tallinn calendar, weekend days) or quoteRental. */
export function computeRentalPrice(prices: TierPrices, startMs: number, endMs: number): RentalPrice | undefined {
  const duration = Math.max(0, endMs - startMs);
  const tier = tierForDuration(duration);
  if (tier === 'hour' && positive(prices.priceHour)) {
    const units = rentalHours(duration);
    const unitPriceCents = toCents(prices.priceHour);
    return { tier, units, unitPriceCents, weekendUnits: 0, weekendUnitPriceCents: 0, totalCents: units * unitPriceCents };
  }
  const days = rentalDays(duration);
  for (const [name, field] of DAY_TIERS_DESC.filter(([n]) => days >= TIER_MIN_DAYS[n])) {
    const price = prices[field];
    if (positive(price)) {
      const unitPriceCents = toCents(price);
      return { tier: name, units: days, unitPriceCents, weekendUnits: 0, weekendUnitPriceCents: 0, totalCents: days * unitPriceCents };
    }
  }
  return undefined;
}

/** @deprecated The seed's fee-helper factor (the 2024 rate); VAT now comes from standardVatRate. */
export const SEED_FEE_VAT_FACTOR = 1.22;
/** @deprecated 1 + 20 % VAT + 10 % fee; use renterServiceCents. */
export const RENTER_MULTIPLIER_VAT_LIABLE = 1.3;
/** @deprecated 1 + 10 % fee; use renterServiceCents. */
export const RENTER_MULTIPLIER_NOT_VAT_LIABLE = 1.1;

/** @deprecated Use withVatAndFee (integer cents, VAT and fee side by side). */
export function priceWithFee(amount: number, feeRate: number, vat: boolean): number {
  const base = vat ? amount * SEED_FEE_VAT_FACTOR : amount;
  return round2(base + base * feeRate);
}

/** @deprecated Use netFromTotal. */
export function priceWithoutFee(total: number, feeRate: number, vat: boolean): number {
  return round2(total / ((vat ? SEED_FEE_VAT_FACTOR : 1) + feeRate));
}

/** @deprecated Use renterServiceCents. */
export function renterMultiplier(ownerVatLiable: boolean): number {
  return ownerVatLiable ? RENTER_MULTIPLIER_VAT_LIABLE : RENTER_MULTIPLIER_NOT_VAT_LIABLE;
}

/** @deprecated Use renterServiceCents. */
export function renterPrice(amount: number, ownerVatLiable: boolean): number {
  return round2(amount * renterMultiplier(ownerVatLiable));
}
