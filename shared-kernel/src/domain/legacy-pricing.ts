/**
 * The seed's fee helpers, superseded by quoteRental and withVatAndFee
 * (docs/adr/0012-vat-readings-and-price-arithmetic.md): they take euros as floats and carry the
 * seed's fixed VAT factors. Nothing in the repository uses them any more. The seed's price-tier
 * helpers (24-hour blocks) were removed in kernel 2.0.0: one tier implementation, on the Tallinn
 * calendar, lives in `shared-kernel/time` (ADR 0011).
 */
import { round2 } from './money';

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
