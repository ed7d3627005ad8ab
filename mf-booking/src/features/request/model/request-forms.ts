import { z } from 'shared-kernel/zod';
import { messages } from 'shared-kernel/messages';
import { ACCEPTED_TEXT_MAX, DeclineReason } from 'shared-kernel/schemas';

/**
 * The owner's accept: the message to the renter is required (at most 250 characters); when the
 * renter chose additional services that cost something, the owner must tick agreement first.
 */
export function acceptFormSchema(needsAgreement: boolean) {
  return z
    .object({
      acceptedText: z.string().trim().min(1, { error: messages.common.required }).max(ACCEPTED_TEXT_MAX),
      agree: z.boolean(),
    })
    .refine((v) => !needsAgreement || v.agree, { path: ['agree'], message: messages.validation.agreeAdditionalServices });
}
export type AcceptValues = z.input<ReturnType<typeof acceptFormSchema>>;

export const DeclineForm = z.object({ reason: DeclineReason });
export type DeclineValues = z.input<typeof DeclineForm>;

export const RATINGS = [5, 4.5, 4, 3.5, 3, 2.5, 2, 1.5, 1] as const;

/** The renter's review: the rating is required ('Hinnang on puudu.'). */
export const FeedbackForm = z.object({
  rating: z.string().min(1, { error: messages.validation.ratingMissing }).transform(Number),
  comment: z.string().trim().max(2000),
});
export type FeedbackValues = z.input<typeof FeedbackForm>;

/** The owner's complaint: 'Probleem on sõnastamata.' when blank. */
export const ComplaintForm = z.object({ comment: z.string().trim().min(1, { error: messages.validation.problemMissing }).max(4000) });
export type ComplaintValues = z.input<typeof ComplaintForm>;

/** The renter's additional services, one tick per service the product offers (keyed `s<id>`); a box without a value is unticked. */
export const ServicesForm = z.object({ services: z.record(z.string(), z.boolean().optional()) }).transform((v) =>
  Object.entries(v.services)
    .filter(([, on]) => on)
    .map(([key]) => Number(key.slice(1))),
);
export type ServicesValues = z.input<typeof ServicesForm>;
export const serviceKey = (id: number) => `s${id}`;
