import { z } from 'shared-kernel/zod';
import { messages } from 'shared-kernel/messages';
import { isValidEmail, normalizeEstonianMobile, UserSettingsUpdate, type ContactInfoType } from 'shared-kernel/schemas';
import type { SessionUser } from 'shared-kernel/session';

const v = messages.validation;

/** Spec 5 "Profile": e-mail and phone required and valid; the account number any valid IBAN when given (issue 25). */
export const ProfileForm = z.object({
  email: z.string().trim().min(1, v.required).refine(isValidEmail, v.invalidEmailAddress),
  phone: z
    .string()
    .trim()
    .min(1, v.required)
    .refine((value) => normalizeEstonianMobile(value) !== null, v.invalidPhone),
  accountNr: z.string().pipe(UserSettingsUpdate.shape.accountNr.unwrap().unwrap()),
});
export type ProfileFormValues = z.input<typeof ProfileForm>;
export type ProfileFormOutput = z.output<typeof ProfileForm>;

/** The contact of a type the profile shows and edits: the prime one, else the first. */
export function primeContact(user: SessionUser, type: ContactInfoType): { id: number; value: string } | null {
  const infos = user.contactInfos.filter((c) => c.type === type);
  const chosen = infos.find((c) => c.prime) ?? infos[0];
  return chosen ? { id: chosen.id, value: chosen.value } : null;
}

export function profileDefaults(user: SessionUser): ProfileFormValues {
  return {
    email: primeContact(user, 'EMAIL')?.value ?? user.username,
    phone: primeContact(user, 'PHONE')?.value ?? '',
    accountNr: user.accountNr ?? '',
  };
}

export interface ProfileChanges {
  contacts: { id: number | null; type: ContactInfoType; value: string }[];
  /** Set when the account number changed ('' clears it). */
  accountNr?: string;
}

/** What the save has to send: nothing for fields left as they were. */
export function profileChanges(user: SessionUser, values: ProfileFormOutput): ProfileChanges {
  const contacts: ProfileChanges['contacts'] = [];
  for (const [type, value] of [
    ['EMAIL', values.email],
    ['PHONE', normalizeEstonianMobile(values.phone) ?? values.phone],
  ] as const) {
    const current = primeContact(user, type);
    if (current?.value !== value) contacts.push({ id: current?.id ?? null, type, value });
  }
  const accountNr = values.accountNr !== (user.accountNr ?? '') ? values.accountNr : undefined;
  return { contacts, accountNr };
}
