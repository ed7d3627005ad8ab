import { feeBreakdown, type FeeBreakdownCents, type FeeRatesBp } from '../domain/fee-breakdown';
import { SERVICE_FEE_BP, shownPriceCents, withVatAndFee } from '../domain/money';
import { rentalPrice, rentalSpan, type RentalPrice, type RentalSpan, type TierPricesCents } from './price-tiers';
import { standardVatRateBp } from './standard-vat';
import type { Instant } from './tallinn-time';

/** The VAT rate a rental is charged: the statutory rate on the day it starts, 0 for an owner without VAT. */
export function rentalVatRateBp(ownerVatLiable: boolean, rentalStart: Instant): number {
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
  /** `rentalSpan(startMs, endMs)` when the caller has it already (a search prices thousands of products for one period). */
  span?: RentalSpan;
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
  const rental = rentalPrice(input.prices, input.span ?? rentalSpan(input.startMs, input.endMs));
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
 * What one additional service costs the renter of a rental starting at `rentalStart`, cents: its
 * net cost with the owner's VAT of that day and the services fee (the seed's × 1.3 / × 1.1, now
 * × 1.34 / × 1.1 at 24 %). The same figure as `shownPriceCents(net, 'renter', 'service', …)` with
 * the rental's rate; `fees` only for tests of another fee.
 */
export function renterServiceCents(
  netCents: number,
  ownerVatLiable: boolean,
  rentalStart: Instant,
  fees: FeeRatesBp = SERVICE_FEE_BP,
): number {
  const vatBp = rentalVatRateBp(ownerVatLiable, rentalStart);
  if (fees === SERVICE_FEE_BP) return shownPriceCents(netCents, 'renter', 'service', vatBp);
  return withVatAndFee(netCents, { vatBp, feeBp: fees.additionalServices }).totalCents;
}
