import { percentOfCents, SERVICE_FEE_BP, standardVatRateBp } from './money';
import { rentalPrice, rentalSpan, type RentalPrice, type TierPricesCents } from './price-tiers';

export interface FeeRatesBp {
  /** Fee on the net rent. */
  rental: number;
  /** Fee on the net cost of the chosen additional services. */
  additionalServices: number;
}

/** A fee breakdown in integer cents (spec 3 "Fee breakdown", plus its total and the VAT rate used). */
export interface FeeBreakdownCents {
  /** Net rent. */
  amountCents: number;
  /** Net cost of the chosen additional services. */
  additionalServiceCostCents: number;
  /** 0 when the owner is not VAT-liable. */
  vatRateBp: number;
  /** VAT on rent and services, one rounding on their sum (as an invoice does). */
  vatCents: number;
  /** The platform fee (our fee). */
  ourFeeCents: number;
  totalCents: number;
}

/**
 * Spec 9 fee arithmetic on net amounts (ADR 0012): VAT on rent plus services when the owner is
 * VAT-liable, the platform fee on each net part, every line rounded to a cent and the total their
 * sum. VAT and fee are both taken of the net amount, so VAT is never charged on the fee nor the fee
 * on VAT.
 */
export function feeBreakdown(input: {
  amountCents: number;
  additionalServiceCostCents: number;
  vatRateBp: number;
  fees?: FeeRatesBp;
}): FeeBreakdownCents {
  const fees = input.fees ?? SERVICE_FEE_BP;
  const vatCents = percentOfCents(input.amountCents + input.additionalServiceCostCents, input.vatRateBp);
  const ourFeeCents = percentOfCents(input.amountCents, fees.rental) + percentOfCents(input.additionalServiceCostCents, fees.additionalServices);
  return {
    amountCents: input.amountCents,
    additionalServiceCostCents: input.additionalServiceCostCents,
    vatRateBp: input.vatRateBp,
    vatCents,
    ourFeeCents,
    totalCents: input.amountCents + input.additionalServiceCostCents + vatCents + ourFeeCents,
  };
}

/** The VAT rate a rental is charged: the statutory rate on the day it starts, 0 for an owner without VAT. */
export function rentalVatRateBp(ownerVatLiable: boolean, rentalStart: Date | number): number {
  return ownerVatLiable ? standardVatRateBp(rentalStart) : 0;
}

export interface QuoteInput {
  prices: TierPricesCents;
  startMs: number;
  endMs: number;
  ownerVatLiable: boolean;
  /** Net costs of the chosen additional services, cents. */
  additionalServiceCents?: readonly number[];
  fees?: FeeRatesBp;
}

export interface PriceQuote extends FeeBreakdownCents {
  rental: RentalPrice;
}

/**
 * THE price of a rental, used by the API (requests, contracts) and the UI (live price) alike:
 * tier rules on the Tallinn calendar, then VAT and the fee. Undefined when the product has no
 * price for the period.
 */
export function quoteRental(input: QuoteInput): PriceQuote | undefined {
  const rental = rentalPrice(input.prices, rentalSpan(input.startMs, input.endMs));
  if (!rental) return undefined;
  const additionalServiceCostCents = (input.additionalServiceCents ?? []).reduce((sum, c) => sum + c, 0);
  return {
    rental,
    ...feeBreakdown({
      amountCents: rental.totalCents,
      additionalServiceCostCents,
      vatRateBp: rentalVatRateBp(input.ownerVatLiable, input.startMs),
      fees: input.fees,
    }),
  };
}

/**
 * What one additional service costs the renter, cents: its net cost with the owner's VAT and the
 * services fee (the seed's × 1.3 / × 1.1, now × 1.34 / × 1.1 at 24 %).
 */
export function renterServiceCents(netCents: number, ownerVatLiable: boolean, rentalStart: Date | number, fees: FeeRatesBp = SERVICE_FEE_BP): number {
  return netCents + percentOfCents(netCents, rentalVatRateBp(ownerVatLiable, rentalStart)) + percentOfCents(netCents, fees.additionalServices);
}
