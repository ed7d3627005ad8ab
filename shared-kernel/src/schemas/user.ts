import { z } from 'shared-kernel/zod';
import { Euros } from './money';
import { EmailAddress } from './rules';

export const RoleName = z.enum(['ROLE_ADMIN', 'ROLE_USER', 'ROLE_USER_LIMITED', 'ROLE_USER_B2C_NEED_ID']);
export type RoleName = z.infer<typeof RoleName>;

export const CustomerType = z.enum(['B2B', 'B2C']);
export type CustomerType = z.infer<typeof CustomerType>;

export const ContactInfoType = z.enum(['PHONE', 'EMAIL', 'ADDRESS']);
export type ContactInfoType = z.infer<typeof ContactInfoType>;

export const ContactInfo = z.object({
  id: z.number().int(),
  type: ContactInfoType,
  value: z.string(),
  prime: z.boolean(),
});
export type ContactInfo = z.infer<typeof ContactInfo>;

export const NewContactInfo = z.object({
  type: ContactInfoType,
  value: z.string().trim().min(1).max(255),
  prime: z.boolean().default(false),
});
export type NewContactInfo = z.infer<typeof NewContactInfo>;

/** The signed-in user as `GET /users/session` (when signed in), `POST /login` and `POST /users/register` answer it. */
export const SessionUser = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  lastName: z.string().nullable(),
  type: CustomerType,
  isB2b: z.boolean(),
  allowVat: z.boolean(),
  allowEmail: z.boolean(),
  accountNr: z.string().nullable(),
  /** Euros, derived from the ledger. */
  accountBalance: Euros,
  contactInfos: z.array(ContactInfo),
  // Open-ended on purpose: a role added by a newer server must not make the UI drop the session.
  roles: z.array(z.string()),
});
export type SessionUser = z.infer<typeof SessionUser>;

/** `GET /users/session`: the signed-in user, or null for an anonymous visitor (200 either way). */
export const SessionResponse = SessionUser.nullable();
export type SessionResponse = z.infer<typeof SessionResponse>;

export const LoginRequest = z.object({
  username: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(200),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/**
 * Registration payload of spec section 3. Private users send only username, password and an
 * EMAIL contact; the server fills the placeholder names. Business users also send the company
 * (name, registryCode) and the representative (representativeName, identityCode).
 * The password rule is checked by the server so that it can answer `INVALID_PASSWORD`.
 */
export const RegisterRequest = z.object({
  username: z.string().trim().max(254),
  password: z.string().max(200),
  type: CustomerType,
  name: z.string().trim().max(200).optional(),
  lastName: z.string().trim().max(200).optional(),
  identityCode: z.string().trim().max(50).optional(),
  countryCode: z.string().trim().length(2).default('EE'),
  allowVat: z.boolean().default(false),
  birthday: z.string().max(40).optional(),
  registryCode: z.string().trim().max(20).optional(),
  representativeName: z.string().trim().max(200).optional(),
  contactInfos: z.array(NewContactInfo).max(10).default([]),
  /**
   * Business (B2B) only, required there: the `token` of the representative's completed, successful
   * identity verification (`POST /auth/{method}/start` answer, after `poll` said `ok`) of the same
   * personal code as `identityCode`. The server checks it and spends it; private sign-up ignores it.
   */
  identityToken: z.string().max(200).optional(),
});
export type RegisterRequest = z.input<typeof RegisterRequest>;

export const BusinessValidateRequest = z.object({
  name: z.string().trim().min(1).max(200),
  registryCode: z.string().trim().min(1).max(20),
  personName: z.string().trim().min(1).max(200),
  personalCode: z.string().trim().min(1).max(20),
});
export type BusinessValidateRequest = z.infer<typeof BusinessValidateRequest>;

export const BusinessValidateResponse = z.object({ valid: z.boolean(), message: z.string() });
export type BusinessValidateResponse = z.infer<typeof BusinessValidateResponse>;

export const ForgotPasswordRequest = z.object({ email: EmailAddress });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;

export const ResetHashParam = z.object({ hash: z.string().min(1).max(200) });
export type ResetHashParam = z.infer<typeof ResetHashParam>;

export const ResetPasswordRequest = z.object({
  hash: z.string().min(1).max(200),
  newPassword: z.string().max(200),
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;
