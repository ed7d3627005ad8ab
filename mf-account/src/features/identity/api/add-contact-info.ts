import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { ContactInfo } from 'shared-kernel/schemas';

export function addContactInfo(userId: number, body: { type: 'PHONE' | 'EMAIL' | 'ADDRESS'; value: string; prime: boolean }) {
  return getApi().post(`/contact-info/user/${userId}`, { body, schema: ContactInfo });
}

export type NewContactInfo = { userId: number } & Parameters<typeof addContactInfo>[1];

/** The session refresh that follows the upgrade brings the new contact along. */
export function addContactInfoMutationOptions() {
  return mutationOptions({ mutationFn: ({ userId, ...body }: NewContactInfo) => addContactInfo(userId, body) });
}
