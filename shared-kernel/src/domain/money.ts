/**
 * Money helpers. Two kinds of numbers live here and must not be confused:
 *
 * 1. The *statutory* Estonian standard VAT rate, which changes by law. It is configured once, in
 *    STANDARD_VAT_RATES, and read through `standardVatRate(date)` of `shared-kernel/time`. Use it for anything that must
 *    be legally correct (invoices, contract documents).
 * 2. The *seed's* fixed factors (1.22, 1.2, 1.3, 1.1). The spec names them as the product
 *    computed prices; they are kept verbatim so the UI and the API compute the same numbers as
 *    before. They are NOT derived from the statutory rate on purpose.
 */

/** Estonian standard VAT rate by effective date (ISO date, Europe/Tallinn). Newest last. */
export const STANDARD_VAT_RATES: ReadonlyArray<{ from: string; rate: number }> = [
  { from: '2024-01-01', rate: 0.22 },
  { from: '2025-07-01', rate: 0.24 },
];

/** Seed factor: the fee helper multiplies the amount by 1.22 when the VAT flag is set (the 2024 rate). */
export const SEED_FEE_VAT_FACTOR = 1.22;
/** Seed factor: prices (and additional services in one view) are shown × 1.2 when allowVat. */
export const DISPLAY_VAT_FACTOR = 1.2;
/** Seed factor: renter-facing multiplier when the owner is VAT-liable. */
export const RENTER_MULTIPLIER_VAT_LIABLE = 1.3;
/** Seed factor: renter-facing multiplier when the owner is not VAT-liable. */
export const RENTER_MULTIPLIER_NOT_VAT_LIABLE = 1.1;

/** Rounds to 2 decimals, half away from zero, without binary artefacts (1.005 → 1.01). */
export function round2(value: number): number {
  const sign = value < 0 ? -1 : 1;
  return (sign * Math.round(Number(`${Math.abs(value)}e2`))) / 100;
}

export function toCents(euros: number): number {
  return Math.round(Number(`${euros}e2`));
}

export function fromCents(cents: number): number {
  return cents / 100;
}

/** Price with fee: (amount × 1.22 when `vat`) + that × feeRate, rounded to 2 decimals. */
export function priceWithFee(amount: number, feeRate: number, vat: boolean): number {
  const base = vat ? amount * SEED_FEE_VAT_FACTOR : amount;
  return round2(base + base * feeRate);
}

/**
 * The seed's reverse: total / (1 + feeRate), or total / (1.22 + feeRate) with VAT. Note this is
 * not the exact inverse of `priceWithFee` when VAT applies; it is kept as the seed had it.
 */
export function priceWithoutFee(total: number, feeRate: number, vat: boolean): number {
  return round2(total / ((vat ? SEED_FEE_VAT_FACTOR : 1) + feeRate));
}

export interface FeeBreakdown {
  amount: number;
  vat: number;
  ourFee: number;
  additionalServiceCost: number;
}

export function feeBreakdownTotal(fee: FeeBreakdown): number {
  return round2(fee.amount + fee.vat + fee.ourFee + fee.additionalServiceCost);
}

export function renterMultiplier(ownerVatLiable: boolean): number {
  return ownerVatLiable ? RENTER_MULTIPLIER_VAT_LIABLE : RENTER_MULTIPLIER_NOT_VAT_LIABLE;
}

/** Renter-facing price of additional services and totals, rounded to 2 decimals. */
export function renterPrice(amount: number, ownerVatLiable: boolean): number {
  return round2(amount * renterMultiplier(ownerVatLiable));
}

/** Owner price as shown/entered with the user's VAT setting (× 1.2 when allowVat). */
export function withDisplayVat(amount: number, allowVat: boolean): number {
  return round2(allowVat ? amount * DISPLAY_VAT_FACTOR : amount);
}

/** Inverse of `withDisplayVat`, for sending an entered price back. */
export function withoutDisplayVat(amount: number, allowVat: boolean): number {
  return round2(allowVat ? amount / DISPLAY_VAT_FACTOR : amount);
}

/** Search results show prices including VAT as whole euros. */
export function searchPriceEuros(amount: number, allowVat: boolean): number {
  return Math.round(allowVat ? amount * DISPLAY_VAT_FACTOR : amount);
}

const exactFormatter = new Intl.NumberFormat('et-EE', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const wholeFormatter = new Intl.NumberFormat('et-EE', { style: 'currency', currency: 'EUR', minimumFractionDigits: 0, maximumFractionDigits: 0 });

export interface EuroFormat {
  /** Whole euros, as search shows prices (spec section 9); everything else shows two decimals. */
  whole?: boolean;
}

/**
 * The one money format of the UI: '97,20 €', or '108 €' with `whole`. Every price display goes
 * through here so one page cannot mix '97,2 €' and '108 €'. The space before '€' is a no-break
 * space, so a price never wraps between the number and the sign.
 */
export function formatEuros(cents: number, { whole = false }: EuroFormat = {}): string {
  if (!Number.isFinite(cents)) throw new RangeError(`Not an amount of cents: ${cents}`);
  return whole ? wholeFormatter.format(Math.round(cents / 100)) : exactFormatter.format(Math.round(cents) / 100);
}
