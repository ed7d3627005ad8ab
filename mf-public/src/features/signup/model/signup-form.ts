import { z } from 'shared-kernel/zod';
import { messages } from 'shared-kernel/messages';
import { NewPassword, RequiredEmail, RequiredPassword, RequiredPersonalCode, RequiredText } from 'shared-kernel/schemas';

const passwordsMatch = (v: { password: string; passwordRepeat: string }) => v.password === v.passwordRepeat;
const mismatch = { path: ['passwordRepeat'], error: messages.validation.passwordsDoNotMatch };

/** Spec 5, Register, private: email, password and its repeat; the terms gate the submit button. */
export const PrivateSignupForm = z
  .object({
    email: RequiredEmail,
    password: NewPassword,
    passwordRepeat: RequiredPassword,
    terms: z.boolean(),
  })
  .refine(passwordsMatch, mismatch);
export type PrivateSignupValues = z.input<typeof PrivateSignupForm>;

/** Spec 5, Register, business: the company, its representative (personal code checked), the account. */
export const BusinessSignupForm = z
  .object({
    name: RequiredText,
    registryCode: RequiredText,
    representativeName: RequiredText,
    idCode: RequiredPersonalCode,
    email: RequiredEmail,
    password: NewPassword,
    passwordRepeat: RequiredPassword,
    allowVat: z.boolean(),
    terms: z.boolean(),
  })
  .refine(passwordsMatch, mismatch);
export type BusinessSignupValues = z.input<typeof BusinessSignupForm>;

/**
 * The field a refused registration speaks about, so its message sits there and goes when the field
 * is edited; other refusals are about the whole form.
 */
export function registrationErrorField(codes: readonly string[] | null | undefined): 'email' | 'password' | null {
  switch (codes?.[0]) {
    case 'INVALID_PASSWORD':
      return 'password';
    case 'EMAIL_ALREADY_IN_USE':
    case 'INVALID_USERNAME':
    case 'USER_EXIST':
      return 'email';
    default:
      return null;
  }
}
