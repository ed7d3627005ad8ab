import { format, messages } from '../messages';
import { validateEstonianIban } from './iban';
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

export function validateIbanField(value: string | null | undefined): ValidationResult {
  const iban = (value ?? '').trim();
  if (iban === '') return undefined;
  return validateEstonianIban(iban) ? undefined : messages.validation.invalidIban;
}
