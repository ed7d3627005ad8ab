import { getApi } from 'shared-kernel/api';

export interface ContactMessage {
  content: string;
  name: string;
  email: string;
}

export function sendContactMessage(body: ContactMessage) {
  return getApi().post('/feedback/contactus', { body });
}
