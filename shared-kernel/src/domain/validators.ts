import { format, messages } from '../messages';
import { IBAN_LENGTHS, ibanProblem, normalizeIban } from './iban';
import { validateIsikukood } from './isikukood';

/**
 * Each validator returns the Estonian error text, or undefined when the value is fine. The e-mail
 * and password rules are not here: they are zod schemas in shared-kernel/schemas (rules.ts), one
 * definition for the forms and the API server.
 */
export type ValidationResult = string | undefined;

export function isEmpty(value: unknown): boolean {
  if (value === 0) return false;
  if (value === null || value === undefined || value === false) return true;
  if (typeof value === 'number') return Number.isNaN(value);
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** 'Kohustuslik' when empty; 0 counts as filled. */
export function validateRequired(value: unknown): ValidationResult {
  return isEmpty(value) ? messages.validation.required : undefined;
}

/**
 * The spec words the mismatch twice: sign-up says 'Paroolid ei ühti.' (the default), the
 * change-password page's repeat field 'Parool ei ühti.' (passed in as `message`).
 */
export function validatePasswordsMatch(
  password: string | null | undefined,
  repeat: string | null | undefined,
  message: string = messages.validation.passwordsDoNotMatch,
): ValidationResult {
  return (password ?? '') === (repeat ?? '') ? undefined : message;
}

export function validateIsikukoodField(value: string | null | undefined): ValidationResult {
  const code = (value ?? '').trim();
  if (code === '') return undefined;
  return validateIsikukood(code) ? undefined : format(messages.validation.invalidIsikukood, { code });
}

/**
 * Any country's valid IBAN passes (owners abroad get paid too). An Estonian one, or one without a
 * country code, gets the spec's text; another country's the part that is wrong.
 */
export function validateIbanField(value: string | null | undefined): ValidationResult {
  const iban = normalizeIban(value ?? '');
  if (iban === '') return undefined;
  const problem = ibanProblem(iban);
  if (problem === null) return undefined;
  const country = iban.slice(0, 2);
  if (problem === 'format' || country === 'EE') return messages.validation.invalidIban;
  if (problem === 'country') return format(messages.validation.ibanUnknownCountry, { country });
  if (problem === 'length') return format(messages.validation.ibanLength, { country, length: IBAN_LENGTHS[country] });
  return messages.validation.ibanChecksum;
}
