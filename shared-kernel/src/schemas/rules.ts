import { z } from 'shared-kernel/zod';
import { LIMITS } from '../domain/constants';
import { validateIsikukood } from '../domain/isikukood';
import { format, messages } from 'shared-kernel/messages';

/**
 * The field rules the API server and the forms share: one definition each, so a value the form
 * lets through is never refused by the server for the same reason (ADR 0007). Messages are the
 * spec's; the server answers with its own code and message where it needs one.
 */
const v = messages.validation;

export const EMAIL_MAX_LENGTH = 254;

/**
 * An e-mail address after trimming: zod's practical pattern (ASCII local part, dotted domain that
 * ends in two or more letters; the server has always used it), at most 254 characters. Addresses
 * with non-ASCII letters are refused: the reset and notice mail cannot be relied on to reach them.
 */
export const EmailAddress = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, { error: v.invalidEmail })
  .pipe(z.email({ error: v.invalidEmail }));

export function isValidEmail(value: string): boolean {
  return EmailAddress.safeParse(value).success;
}

export const PASSWORD_MIN_LENGTH = LIMITS.passwordMinLength;
export const PASSWORD_MAX_LENGTH = 200;

/**
 * At least 8 characters with an upper-case letter, a lower-case letter and a digit. Characters are
 * counted as a person counts them (code points), not as UTF-16 units: 'Aa1' and five emoji is 8.
 */
export function isStrongPassword(value: string): boolean {
  return [...value].length >= PASSWORD_MIN_LENGTH && /\p{Lu}/u.test(value) && /\p{Ll}/u.test(value) && /\d/.test(value);
}

/** A new password (sign-up, reset); never trimmed, the spaces are part of it. */
export const StrongPassword = z
  .string()
  .max(PASSWORD_MAX_LENGTH, { error: v.passwordRule })
  .refine(isStrongPassword, { error: v.passwordRule });

// ---- Form fields: 'Kohustuslik' first, then the field's own rule (spec 5, generic form rules).

const filled = (value: string) => value.trim() !== '';

/** Any required text, trimmed: whitespace alone is empty. */
export const RequiredText = z.string().trim().min(1, { error: v.required });

/** Optional text, trimmed. */
export const OptionalText = z.string().trim();

/** A required e-mail: 'Kohustuslik', then 'Vale email'. */
export const RequiredEmail = RequiredText.pipe(EmailAddress);

/** A password that must only be filled (sign-in); kept as typed. */
export const RequiredPassword = z.string().refine(filled, { error: v.required });

/** A new password: 'Kohustuslik', then the password rule. */
export const NewPassword = RequiredPassword.pipe(StrongPassword);

/** An Estonian personal code: 'Kohustuslik', then the spec's text naming the typed code. */
export const RequiredPersonalCode = RequiredText.superRefine((code, ctx) => {
  if (!validateIsikukood(code)) ctx.addIssue({ code: 'custom', message: format(v.invalidIsikukood, { code }) });
});
