import { format, messages } from '../messages';
import { LIMITS } from './constants';
import { validateEstonianIban } from './iban';
import { validateIsikukood } from './isikukood';

/** Each validator returns the Estonian error text, or undefined when the value is fine. */
export type ValidationResult = string | undefined;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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

/** 'Vale email' only when non-empty and malformed after trimming (emptiness is `validateRequired`'s job). */
export function validateEmail(value: string | null | undefined): ValidationResult {
  const trimmed = (value ?? '').trim();
  if (trimmed === '') return undefined;
  return EMAIL_PATTERN.test(trimmed) ? undefined : messages.validation.invalidEmail;
}

/** At least 8 characters with an upper-case letter, a lower-case letter and a digit. */
export function isStrongPassword(value: string | null | undefined): boolean {
  const password = value ?? '';
  return (
    [...password].length >= LIMITS.passwordMinLength &&
    /\p{Lu}/u.test(password) &&
    /\p{Ll}/u.test(password) &&
    /\d/.test(password)
  );
}

export function validatePassword(value: string | null | undefined): ValidationResult {
  if ((value ?? '') === '') return undefined;
  return isStrongPassword(value) ? undefined : messages.validation.passwordRule;
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
