import { z } from 'shared-kernel/zod';

/**
 * The three kinds an owner may report on a contract after handover (the terms' penalties). Here, not
 * with the operator's dispute schemas (./admin): a product page reads feedback, and importing admin.ts
 * for this one enum built all of its schemas on every product page (issue 28).
 */
export const OwnerDisputeKind = z.enum(['DEFECTS_NOT_REPORTED', 'THIRD_PARTY', 'NOT_RETURNED']);
export type OwnerDisputeKind = z.infer<typeof OwnerDisputeKind>;

/** The exact server message the UI maps to its own no-rights text (spec section 8). */
export const NO_FEEDBACK_RIGHTS_MESSAGE = 'User has no rights for feedback.';

export const Feedback = z.object({
  id: z.number().int(),
  author: z.string(),
  /** 1-5 in half steps. */
  rating: z.number(),
  comment: z.string(),
  createdTs: z.string(),
  userId: z.number().int(),
  productId: z.number().int(),
  contractId: z.number().int().nullable(),
});
export type Feedback = z.infer<typeof Feedback>;
export const FeedbackList = z.array(Feedback);
export type FeedbackList = z.infer<typeof FeedbackList>;

const Id = z.number().int().positive().max(2147483647);

export const NewFeedback = z.object({
  userId: Id,
  productId: Id,
  rating: z
    .number()
    .min(1)
    .max(5)
    .refine((r) => Number.isInteger(r * 2), 'Hinnang käib poole tärni kaupa'),
  comment: z.string().max(2000).default(''),
});
export type NewFeedback = z.infer<typeof NewFeedback>;

export const NewProblemReport = z.object({
  userId: Id,
  productId: Id,
  comment: z.string().max(4000),
  contractId: Id.nullish(),
  /**
   * Issue 31: the owner's report of one of the terms' penalties (defects not reported, item passed
   * to a third party, not returned) on their contract opens a dispute (APPEALED).
   */
  kind: OwnerDisputeKind.optional(),
});
export type NewProblemReport = z.infer<typeof NewProblemReport>;

/** A problem report is open until the platform marks it solved. */
export const ProblemReportStatus = z.enum(['OPEN', 'SOLVED']);
export type ProblemReportStatus = z.infer<typeof ProblemReportStatus>;

export const ProblemReport = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  productId: z.number().int(),
  contractId: z.number().int().nullable(),
  comment: z.string(),
  status: ProblemReportStatus,
  createdTs: z.string(),
});
export type ProblemReport = z.infer<typeof ProblemReport>;
