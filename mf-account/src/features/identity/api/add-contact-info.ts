import { getApi } from 'shared-kernel/api';
import { ContactInfo } from 'shared-kernel/schemas';

export function addContactInfo(userId: number, body: { type: 'PHONE' | 'EMAIL' | 'ADDRESS'; value: string; prime: boolean }) {
  return getApi().post(`/contact-info/user/${userId}`, { body, schema: ContactInfo });
}
