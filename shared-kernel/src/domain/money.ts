/**
 * Money helpers. Money is integer cents; rates are integer basis points (2400 = 24 %), so no
 * binary fraction ever reaches a price. How the spec's VAT factors (1.2, 1.22, 1.3, 1.1) are read
 * is decided in docs/adr/0012-vat-readings-and-price-arithmetic.md:
 *
 * - VAT is the *statutory* Estonian standard rate on the date of the supply, from
 *   STANDARD_VAT_RATES, read by `standardVatRate(date)` of `shared-kernel/time` (the date is a
 *   Tallinn calendar date; 1.2 and 1.22 in the seed are this rate as it was in 2023 and 2024).
 * - The platform fee is SERVICE_FEE_BP of the net amount, added next to the VAT, never on top of
 *   it (the seed's 1.3 and 1.1 are 1 + 20 % VAT + 10 % fee and 1 + 10 % fee).
 * - DISPLAY_VAT_FACTOR (1.2) is what catalogue prices (product page, search) still show; see the ADR.
 */

/** Estonian standard VAT rate by effective date (ISO date, Europe/Tallinn). Newest last. */
export const STANDARD_VAT_RATES: ReadonlyArray<{ from: string; rate: number }> = [
  { from: '2009-07-01', rate: 0.2 },
  { from: '2024-01-01', rate: 0.22 },
  { from: '2025-07-01', rate: 0.24 },
];

/** Platform fee in basis points of the net amount (spec 9 terms: 0 % of the rent, 10 % of chosen additional services). */
export const SERVICE_FEE_BP = { rental: 0, additionalServices: 1_000 } as const;

/** Seed factor still used by catalogue prices (product page, search) when allowVat; see ADR 0012. */
export const DISPLAY_VAT_FACTOR = 1.2;

/** `bp` basis points of `cents`, rounded half away from zero to a whole cent, in integers only. */
export function percentOfCents(cents: number, bp: number): number {
  const sign = cents < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(cents) * bp + 5_000) / 10_000);
}

/**
 * Spec 9 "price with fee": the net amount plus its VAT (when `vatBp` > 0) plus the fee, each line
 * rounded to a cent on its own so the lines add up to the total.
 */
export function withVatAndFee(netCents: number, rates: { vatBp: number; feeBp: number }): { vatCents: number; feeCents: number; totalCents: number } {
  const vatCents = percentOfCents(netCents, rates.vatBp);
  const feeCents = percentOfCents(netCents, rates.feeBp);
  return { vatCents, feeCents, totalCents: netCents + vatCents + feeCents };
}

/**
 * Spec 9 "the reverse": total / (1 + VAT + fee rate), rounded half up to a cent. Because the lines
 * of `withVatAndFee` are rounded one by one, a net found this way can be 1 cent off the one that
 * produced the total; use it for entry helpers, never to re-derive a stored price.
 */
export function netFromTotal(totalCents: number, rates: { vatBp: number; feeBp: number }): number {
  const divisor = 10_000 + rates.vatBp + rates.feeBp;
  const sign = totalCents < 0 ? -1 : 1;
  return sign * Math.floor((2 * Math.abs(totalCents) * 10_000 + divisor) / (2 * divisor));
}

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

export interface FeeBreakdown {
  amount: number;
  vat: number;
  ourFee: number;
  additionalServiceCost: number;
}

export function feeBreakdownTotal(fee: FeeBreakdown): number {
  return round2(fee.amount + fee.vat + fee.ourFee + fee.additionalServiceCost);
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
