import { z } from 'shared-kernel/zod';
import { messages } from 'shared-kernel/messages';

// ---------------------------------------------------------------------------------------------
// Money on the wire (issue 29). Every amount in euros that crosses the API, asked or answered, is
// the `Euros` schema below, bounded per field with `.min()` / `.max()`; integer cents are `Cents`.
// The API turns a checked amount into cents with `eurosToCents`, which cannot round: an amount the
// schema let through is exactly a whole number of cents.
// ---------------------------------------------------------------------------------------------

/** The most any amount a caller sends may be, in euros (a product price, a deposit is far less). */
export const MONEY_MAX_EUROS = 1_000_000;

/**
 * The exact cents of an amount in euros, or null when it is not a whole number of cents: not a
 * finite number, more than two decimals (`99.99999999`, `5e-9`) or beyond exact integers.
 * No string tricks: the amount must be the very double that `cents / 100` gives, which is what
 * `"12.34"`, `1234e-2` or `12.340` parse to and what no other number is. -0 is 0.
 */
export function centsOfEuros(euros: unknown): number | null {
  if (typeof euros !== 'number' || !Number.isFinite(euros)) return null;
  const cents = Math.round(euros * 100);
  if (!Number.isSafeInteger(cents) || cents / 100 !== euros) return null;
  return cents === 0 ? 0 : cents;
}

/** The cents of an amount the `Euros` schema accepted; anything else is a programming error. */
export function eurosToCents(euros: number): number {
  const cents = centsOfEuros(euros);
  if (cents === null) throw new RangeError(`Not an amount of whole cents: ${euros}`);
  return cents;
}

/**
 * An amount in euros: a finite number with at most two decimals. Missing is 'Kohustustlik väli',
 * anything else that is no such amount 'Vigane summa'. Bound it per field (`Euros.min(0).max(…)`).
 */
export const Euros = z
  .number({ error: (issue) => (issue.input === undefined ? messages.validation.requiredField : messages.validation.invalidAmount) })
  .refine((v) => centsOfEuros(v) !== null, { message: messages.validation.invalidAmount, abort: true });
export type Euros = z.infer<typeof Euros>;

/** An amount a caller sets (a price, a cost, an income): 0 … MONEY_MAX_EUROS. */
export const EurosAmount = Euros.min(0, messages.validation.invalidAmount).max(MONEY_MAX_EUROS, messages.validation.invalidAmount);

/** A query-string amount (`?priceDaily=12.5`): the same rule after reading the text as a number. */
export const EurosParam = z.coerce.number({ error: messages.validation.invalidAmount }).pipe(EurosAmount);

/** Integer cents on the wire (`…Cents` fields). */
export const Cents = z.number().int();
export type Cents = z.infer<typeof Cents>;
