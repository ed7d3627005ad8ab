import { netFromTotal, percentOfCents, SERVICE_FEE_BP } from './money';

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
  const ourFeeCents =
    percentOfCents(input.amountCents, fees.rental) + percentOfCents(input.additionalServiceCostCents, fees.additionalServices);
  return {
    amountCents: input.amountCents,
    additionalServiceCostCents: input.additionalServiceCostCents,
    vatRateBp: input.vatRateBp,
    vatCents,
    ourFeeCents,
    totalCents: input.amountCents + input.additionalServiceCostCents + vatCents + ourFeeCents,
  };
}

/**
 * The breakdown of a price fixed with VAT included (the go-kart's 20 € a ride, spec 9): the VAT is
 * taken out of the gross, rounded once, and the net is what is left, so the lines add up to
 * exactly what was paid. (Adding VAT to a net, as `feeBreakdown` does, cannot reach every gross:
 * 120,00 € at 24 % would be 96,77 + 23,22 = 119,99 or 96,78 + 23,23 = 120,01.) No platform fee:
 * the rent fee is 0 % (`SERVICE_FEE_BP.rental`).
 */
export function vatInclusiveBreakdown(input: { grossCents: number; vatRateBp: number }): FeeBreakdownCents {
  const amountCents = netFromTotal(input.grossCents, { vatBp: input.vatRateBp, feeBp: SERVICE_FEE_BP.rental });
  const ourFeeCents = percentOfCents(amountCents, SERVICE_FEE_BP.rental);
  return {
    amountCents,
    additionalServiceCostCents: 0,
    vatRateBp: input.vatRateBp,
    vatCents: input.grossCents - amountCents - ourFeeCents,
    ourFeeCents,
    totalCents: input.grossCents,
  };
}
