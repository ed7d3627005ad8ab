import { z } from 'shared-kernel/zod';
import { messages } from 'shared-kernel/messages';
import { centsOfEuros } from '../guards/checks';

// ---------------------------------------------------------------------------------------------
// Money on the wire (issue 29). Every amount in euros that crosses the API, asked or answered, is
// the `Euros` schema below, bounded per field with `.min()` / `.max()`; integer cents are `Cents`.
// The API turns a checked amount into cents with `eurosToCents`, which cannot round: an amount the
// schema let through is exactly a whole number of cents.
// ---------------------------------------------------------------------------------------------

/** The most any amount a caller sends may be, in euros (a product price, a deposit is far less). */
export const MONEY_MAX_EUROS = 1_000_000;

// The rule lives with the zod-free guards (the session and the front page's products are read
// before the page has zod, issue 28); the schemas below use the same function.
export { centsOfEuros };

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
