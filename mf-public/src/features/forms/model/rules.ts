import { validateEmail, validatePassword, validatePasswordsMatch, validateRequired } from 'shared-kernel/domain';
import { messages } from 'shared-kernel/messages';
import { firstError } from '../hooks/use-touched';

/** Required, then 'Vale email'. */
export function emailError(value: string): string | undefined {
  return firstError(validateRequired(value), validateEmail(value));
}

/** Required, then the server's password rule (8+ characters, upper, lower, digit). */
export function passwordError(value: string): string | undefined {
  return firstError(validateRequired(value), validatePassword(value));
}

/** Sign-up's repeat field: required, then 'Paroolid ei ühti.' (spec 5, Register). */
export function repeatError(password: string, repeat: string): string | undefined {
  return firstError(validateRequired(repeat), validatePasswordsMatch(password, repeat));
}

/** The change-password page's repeat field: required, then 'Parool ei ühti.' (spec 5, Change password). */
export function newPasswordRepeatError(password: string, repeat: string): string | undefined {
  return firstError(validateRequired(repeat), validatePasswordsMatch(password, repeat, messages.validation.passwordDoesNotMatch));
}
