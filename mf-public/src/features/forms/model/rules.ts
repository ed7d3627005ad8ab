import { validateEmail, validatePassword, validatePasswordsMatch, validateRequired } from 'shared-kernel/domain';
import { firstError } from '../hooks/use-touched';

/** Required, then 'Vale email'. */
export function emailError(value: string): string | undefined {
  return firstError(validateRequired(value), validateEmail(value));
}

/** Required, then the server's password rule (8+ characters, upper, lower, digit). */
export function passwordError(value: string): string | undefined {
  return firstError(validateRequired(value), validatePassword(value));
}

/** Required, then 'Paroolid ei ühti.'. */
export function repeatError(password: string, repeat: string): string | undefined {
  return firstError(validateRequired(repeat), validatePasswordsMatch(password, repeat));
}
