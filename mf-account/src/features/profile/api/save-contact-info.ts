import { getApi } from 'shared-kernel/api';
import { ContactInfo, type ContactInfoType } from 'shared-kernel/schemas';

/** Changes a contact the user has (`PUT /contact-info/{id}`) or adds the first of its type. */
export function saveContactInfo({
  userId,
  id,
  type,
  value,
}: {
  userId: number;
  id: number | null;
  type: ContactInfoType;
  value: string;
}): Promise<ContactInfo> {
  const body = { type, value, prime: true };
  return id === null
    ? getApi().post(`/contact-info/user/${userId}`, { body, schema: ContactInfo })
    : getApi().put(`/contact-info/${id}`, { body, schema: ContactInfo });
}
