import { z } from 'shared-kernel/zod';
import { messages } from 'shared-kernel/messages';

/**
 * A euro amount as typed: digits with at most two decimals, a comma or a dot as the separator
 * (Estonian keyboards give a comma). Answers the number of euros; the kernel rules come after it.
 */
export const EuroAmountText = z
  .string()
  .trim()
  .refine((v) => /^\d{1,7}([.,]\d{1,2})?$/.test(v), messages.validation.invalidAmount)
  .transform((v) => Number(v.replace(',', '.')));

/** Cents as the amount field shows them ('60,20'), for an amount the page fills in. */
export function euroAmountText(cents: number): string {
  return (cents / 100).toFixed(2).replace('.', ',');
}
