import { z } from 'shared-kernel/zod';

/** An answer: a comment whose parentId is the question. */
export const CommentAnswer = z.object({
  id: z.number().int(),
  author: z.string(),
  comment: z.string(),
  productId: z.number().int(),
  parentId: z.number().int().nullable(),
  userId: z.number().int(),
  createdTs: z.string(),
});
export type CommentAnswer = z.infer<typeof CommentAnswer>;

/** A question with its answer (at most one child). */
export const Comment = CommentAnswer.extend({ children: z.array(CommentAnswer) });
export type Comment = z.infer<typeof Comment>;
export const CommentList = z.array(Comment);
export type CommentList = z.infer<typeof CommentList>;

export const ProductIdParam = z.object({ productId: z.coerce.number().int().positive().max(2147483647) });
export type ProductIdParam = z.infer<typeof ProductIdParam>;

export const CommentMaxLength = 2000;

export const NewComment = z.object({
  comment: z.string().max(CommentMaxLength),
  productId: z.number().int().positive().max(2147483647),
  parentId: z.number().int().positive().max(2147483647).nullish(),
});
export type NewComment = z.infer<typeof NewComment>;
