import { z } from 'shared-kernel/zod';
import { OptionalText, RequiredEmail, RequiredText } from 'shared-kernel/schemas';

/** Spec 5, Contact: the name is optional, the address and the message are required. */
export const ContactForm = z.object({ name: OptionalText, email: RequiredEmail, content: RequiredText });
export type ContactValues = z.input<typeof ContactForm>;
