import { z } from 'shared-kernel/zod';
import { messages } from 'shared-kernel/messages';
import { MESSAGE_MAX } from 'shared-kernel/schemas';

/** Spec 5: the text is required (at most MESSAGE_MAX characters, as the server checks). Shared by the dialog and the messages page. */
export const MessageForm = z.object({ message: z.string().trim().min(1, messages.common.required).max(MESSAGE_MAX) });
export type MessageFormValues = z.input<typeof MessageForm>;
