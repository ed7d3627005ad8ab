import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';

export interface ContactMessage {
  content: string;
  name: string;
  email: string;
}

export function sendContactMessage(body: ContactMessage) {
  return getApi().post('/feedback/contactus', { body });
}

/** Nothing cached depends on a contact message, so nothing is invalidated. */
export function sendContactMessageMutationOptions() {
  return mutationOptions({ mutationFn: sendContactMessage });
}
