import { z } from 'shared-kernel/zod';
import { messages } from 'shared-kernel/messages';
import { NewPassword, RequiredEmail, RequiredPassword } from 'shared-kernel/schemas';

/** Spec 5, Forgot password: the address, required and well-formed. */
export const ForgotPasswordForm = z.object({ email: RequiredEmail });
export type ForgotPasswordValues = z.input<typeof ForgotPasswordForm>;

/** Spec 5, Change password: the new password and its repeat, which says 'Parool ei ühti.' here. */
export const ChangePasswordForm = z
  .object({ password: NewPassword, passwordRepeat: RequiredPassword })
  .refine((v) => v.password === v.passwordRepeat, { path: ['passwordRepeat'], error: messages.validation.passwordDoesNotMatch });
export type ChangePasswordValues = z.input<typeof ChangePasswordForm>;
