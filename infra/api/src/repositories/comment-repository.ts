import { withTransaction } from '../db/transaction';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { messages } from 'shared-kernel/messages';
import { LIMITS } from 'shared-kernel/domain';
import type { Comment, CommentAnswer } from 'shared-kernel/schemas';
import type { Db } from '../db/database';
import { comments, notifications, products, users } from '../db/schema';
import { ApiError, notFound } from '../lib/api-error';
import { publicAuthorName } from './author-name';

export const TOO_MANY_ENTRIES_MESSAGE = messages.validation.tooManyQuestions;

interface Row {
  id: number;
  productId: number;
  userId: number;
  parentId: number | null;
  comment: string;
  createdTs: Date;
  type: string;
  name: string;
  lastName: string | null;
}

export class CommentRepository {
  constructor(private readonly db: Db) {}

  /**
   * Visibility (spec section 6): the owner sees every question; anyone else sees answered ones
   * and, when signed in, their own unanswered ones.
   */
  async listForProduct(productId: number, viewerId: number | null): Promise<Comment[] | null> {
    const [product] = await this.db.select({ userId: products.userId }).from(products).where(eq(products.id, productId)).limit(1);
    if (!product) return null;
    const rows: Row[] = await this.db
      .select({
        id: comments.id,
        productId: comments.productId,
        userId: comments.userId,
        parentId: comments.parentId,
        comment: comments.comment,
        createdTs: comments.createdTs,
        type: users.type,
        name: users.name,
        lastName: users.lastName,
      })
      .from(comments)
      .innerJoin(users, eq(users.id, comments.userId))
      .where(eq(comments.productId, productId))
      .orderBy(asc(comments.createdTs), asc(comments.id));
    const toAnswer = (r: Row): CommentAnswer => ({
      id: r.id,
      author: publicAuthorName(r),
      comment: r.comment,
      productId: r.productId,
      parentId: r.parentId,
      userId: r.userId,
      createdTs: r.createdTs.toISOString(),
    });
    const children = new Map<number, CommentAnswer[]>();
    for (const r of rows) if (r.parentId !== null) children.set(r.parentId, [...(children.get(r.parentId) ?? []), toAnswer(r)]);
    const isOwner = viewerId !== null && viewerId === product.userId;
    return rows
      .filter((r) => r.parentId === null)
      .map((r) => ({ ...toAnswer(r), children: children.get(r.id) ?? [] }))
      .filter((c) => isOwner || c.children.length > 0 || (viewerId !== null && c.userId === viewerId))
      .reverse();
  }

  /**
   * A question (no parentId) or the owner's answer. The product row is locked for the check and
   * the insert, so two quick submits cannot both pass the two-question limit.
   */
  async add(input: { userId: number; productId: number; comment: string; parentId: number | null }, now: Date): Promise<Comment> {
    const text = input.comment.trim();
    if (!text) throw new ApiError(400, 'EMPTY_COMMENT', messages.errors.api.emptyComment);
    return withTransaction(this.db, async (tx) => {
      const [product] = await tx
        .select({ id: products.id, userId: products.userId, deleted: products.deleted, name: products.name })
        .from(products)
        .where(eq(products.id, input.productId))
        .for('update')
        .limit(1);
      if (!product || product.deleted) throw notFound(messages.errors.api.productNotFound);
      if (input.parentId !== null) {
        const [parent] = await tx.select().from(comments).where(eq(comments.id, input.parentId)).limit(1);
        if (!parent || parent.productId !== product.id || parent.parentId !== null) throw notFound(messages.errors.api.questionNotFound);
        if (product.userId !== input.userId) throw new ApiError(403, 'FORBIDDEN', messages.errors.api.onlyOwnerAnswers);
        const [{ n }] = await tx.select({ n: count() }).from(comments).where(eq(comments.parentId, parent.id));
        if (n > 0) throw new ApiError(409, 'ALREADY_ANSWERED', messages.errors.api.alreadyAnswered);
      } else {
        const [{ n }] = await tx
          .select({ n: count() })
          .from(comments)
          .where(and(eq(comments.productId, product.id), eq(comments.userId, input.userId), isNull(comments.parentId)));
        if (n >= LIMITS.maxOwnQuestionsPerProduct) throw new ApiError(400, 'TOO_MANY_ENTRIES', TOO_MANY_ENTRIES_MESSAGE);
      }
      const [row] = await tx
        .insert(comments)
        .values({ productId: product.id, userId: input.userId, parentId: input.parentId, comment: text, createdTs: now })
        .returning();
      if (input.parentId === null && product.userId !== input.userId) {
        await tx.insert(notifications).values({
          userId: product.userId,
          type: 'NEW_COMMENT_ON_PRODUCT',
          message: `Uus küsimus tootele ${product.name}`,
          referenceList: [{ type: 'PRODUCT', referenceId: product.id }],
          createdTs: now,
        });
      }
      const [author] = await tx
        .select({ type: users.type, name: users.name, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, input.userId));
      return {
        id: row.id,
        author: publicAuthorName(author),
        comment: row.comment,
        productId: row.productId,
        parentId: row.parentId,
        userId: row.userId,
        createdTs: row.createdTs.toISOString(),
        children: [],
      };
    });
  }
}
