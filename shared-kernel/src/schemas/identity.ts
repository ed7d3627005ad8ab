import { z } from 'shared-kernel/zod';

/**
 * Identity verification (Smart-ID / Mobile-ID), the existing-user check, the upgrade of a private
 * user after verification, contact infos, the contact form and Google sign-in. Fields are loose
 * strings on purpose: the server checks their content itself so that it can answer with a code
 * and an Estonian message instead of a generic validation error.
 */
export const IdentityMethod = z.enum(['mobile', 'smartid']);
export type IdentityMethod = z.infer<typeof IdentityMethod>;

export const IdentityMethodParam = z.object({ method: IdentityMethod });

export const IdentityStatus = z.enum(['ok', 'waiting', 'error', 'canceled']);
export type IdentityStatus = z.infer<typeof IdentityStatus>;

export const IdentityStartRequest = z.object({
  /** Needed for Mobile-ID only, e.g. +37255512345. */
  phoneNumber: z.string().max(40).nullish(),
  personalCode: z.string().max(40),
});
export type IdentityStartRequest = z.infer<typeof IdentityStartRequest>;

/**
 * `status` is `waiting` while the person confirms in the app; `token` is then the handle for
 * polling and, after `ok`, the proof of verification (business registration sends it as
 * `identityToken`). A refusal at start answers `error` with `token` null.
 */
export const IdentityStartResponse = z.object({
  status: IdentityStatus,
  message: z.string(),
  controlCode: z.string().nullable(),
  token: z.string().nullable(),
});
export type IdentityStartResponse = z.infer<typeof IdentityStartResponse>;

export const IdentityPollQuery = z.object({ token: z.string().min(1).max(200) });

export const IdentityPollResponse = z.object({ status: IdentityStatus, message: z.string() });
export type IdentityPollResponse = z.infer<typeof IdentityPollResponse>;

export const UserExistParam = z.object({ x: z.string().min(1).max(40) });

export const UserExistRequest = z.object({
  identityCode: z.string().max(40),
  name: z.string().max(200).nullish(),
  lastName: z.string().max(200).nullish(),
});
export type UserExistRequest = z.infer<typeof UserExistRequest>;

export const UpdateFullyPrivilegedRequest = z.object({
  identityCode: z.string().max(40),
  /** First and last name as typed on the verification page; kept when given. */
  name: z.string().max(200).nullish(),
  lastName: z.string().max(200).nullish(),
});
export type UpdateFullyPrivilegedRequest = z.infer<typeof UpdateFullyPrivilegedRequest>;

export const ContactInfoRequest = z.object({
  type: z.enum(['PHONE', 'EMAIL', 'ADDRESS']),
  value: z.string().max(300),
  prime: z.boolean().default(false),
});
export type ContactInfoRequest = z.input<typeof ContactInfoRequest>;

export const ContactUsRequest = z.object({
  content: z.string().max(10_000),
  name: z.string().max(300).nullish(),
  email: z.string().max(300),
});
export type ContactUsRequest = z.infer<typeof ContactUsRequest>;

export const GoogleSessionRequest = z.object({ credential: z.string().min(1).max(20_000) });
export type GoogleSessionRequest = z.infer<typeof GoogleSessionRequest>;

/** Estonian mobile numbers: 5xxxxxx(x) or 81-84xxxxxx, with or without +372; spaces ignored. */
export function normalizeEstonianMobile(value: string): string | null {
  const compact = value.replace(/[\s-]/g, '');
  const m = /^(?:\+372|00372)?(5\d{6,7}|8[1-4]\d{6})$/.exec(compact);
  return m ? `+372${m[1]}` : null;
}

/** Mobile-ID also serves Lithuanian numbers (+370) and the demo numbers (+3720...). */
export function normalizeMobileIdPhone(value: string): string | null {
  const compact = value.replace(/[\s-]/g, '');
  return /^\+37[02]\d{7,9}$/.test(compact) ? compact : null;
}
