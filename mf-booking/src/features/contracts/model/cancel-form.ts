import { z } from 'shared-kernel/zod';
import { messages } from 'shared-kernel/messages';
import { CANCEL_REASON_MAX } from 'shared-kernel/schemas';

/** The cancel dialog: the reason text is required, and sent, only when 'item was broken' is ticked. */
export const CancelContractForm = z
  .object({ broken: z.boolean(), reason: z.string().trim().max(CANCEL_REASON_MAX) })
  .refine((v) => !v.broken || v.reason.length > 0, { path: ['reason'], message: messages.common.required })
  .transform((v) => ({ reason: v.broken ? v.reason : undefined }));
export type CancelContractValues = z.input<typeof CancelContractForm>;
