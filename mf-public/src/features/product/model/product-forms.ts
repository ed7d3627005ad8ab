import { z } from 'shared-kernel/zod';
import { messages } from 'shared-kernel/messages';
import { CommentMaxLength } from 'shared-kernel/schemas';
import { productTexts } from '../../../messages/product';

const t = productTexts;

/** A question to the owner: 'Küsimus on tühi.' when blank. */
export const QuestionSchema = z.object({ comment: z.string().trim().min(1, { error: t.questionEmpty }).max(CommentMaxLength) });
export type QuestionValues = z.input<typeof QuestionSchema>;

/** The owner's answer: 'Vastus on tühi.' when blank. */
export const AnswerSchema = z.object({ comment: z.string().trim().min(1, { error: t.answerEmpty }).max(CommentMaxLength) });
export type AnswerValues = z.input<typeof AnswerSchema>;

export const RATINGS = [5, 4.5, 4, 3.5, 3, 2.5, 2, 1.5, 1] as const;

/** A renter's review: the rating is required ('Hinnang on puudu.'), the comment optional. */
export const FeedbackSchema = z.object({
  rating: z.string().min(1, { error: messages.validation.ratingMissing }).transform(Number),
  comment: z.string().trim().max(2000),
});
export type FeedbackValues = z.input<typeof FeedbackSchema>;

/** The owner's complaint: 'Probleem on sõnastamata.' when blank. */
export const ComplaintSchema = z.object({ comment: z.string().trim().min(1, { error: messages.validation.problemMissing }).max(4000) });
export type ComplaintValues = z.input<typeof ComplaintSchema>;
