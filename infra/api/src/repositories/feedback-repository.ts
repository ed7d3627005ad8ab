import { withTransaction } from '../db/transaction';
import { and, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { messages } from 'shared-kernel/messages';
import { NO_FEEDBACK_RIGHTS_MESSAGE, type Feedback, type ProblemReport } from 'shared-kernel/schemas';
import type { Db } from '../db/database';
import { contracts, feedback, problemReports, products, reservations, users } from '../db/schema';
import { ApiError, notFound } from '../lib/api-error';
import { publicAuthorName } from './author-name';

/**
 * A rental that gives the renter the right to review: the item was handed over (ADR 0043), so the
 * renter marked it received or it ran its course; a dispute counts once the receipt was marked.
 */
const RENTED_RESERVATION_STATUSES = ['CAPTURED', 'FINISHED'] as const;
const RENTED_CONTRACT_STATUSES = ['CAPTURED', 'FINISHED', 'RETURNED', 'APPEALED', 'SOLVED'] as const;
const HANDED_OVER_STATUSES = ['CAPTURED', 'FINISHED', 'RETURNED'] as const;
const notHandedOver = () => new ApiError(409, 'NOT_HANDED_OVER', messages.errors.rentalLife.notHandedOver);

export class FeedbackRepository {
  constructor(private readonly db: Db) {}

  async listForProduct(productId: number): Promise<Feedback[] | null> {
    const [product] = await this.db.select({ id: products.id }).from(products).where(eq(products.id, productId)).limit(1);
    if (!product) return null;
    const rows = await this.db
      .select({ f: feedback, type: users.type, name: users.name, lastName: users.lastName })
      .from(feedback)
      .innerJoin(users, eq(users.id, feedback.userId))
      .where(eq(feedback.productId, productId))
      .orderBy(desc(feedback.createdTs), desc(feedback.id));
    return rows.map(({ f, ...author }) => ({
      id: f.id,
      author: publicAuthorName(author),
      rating: f.ratingHalves / 2,
      comment: f.comment,
      createdTs: f.createdTs.toISOString(),
      userId: f.userId,
      productId: f.productId,
      contractId: f.contractId,
    }));
  }

  /** Rentals of the product by this user that allow a review, newest first (contract ids where there is one). */
  private async rentals(userId: number, productId: number): Promise<{ contractId: number | null }[]> {
    const viaContracts = await this.db
      .select({ contractId: contracts.id, reservationId: contracts.reservationId })
      .from(contracts)
      .where(
        and(
          eq(contracts.renterId, userId),
          eq(contracts.productId, productId),
          inArray(contracts.status, [...RENTED_CONTRACT_STATUSES]),
          or(inArray(contracts.status, [...HANDED_OVER_STATUSES]), isNotNull(contracts.renterReceivedTs)),
        ),
      )
      .orderBy(desc(contracts.startTs));
    const seen = new Set(viaContracts.map((c) => c.reservationId));
    const viaReservations = await this.db
      .select({ id: reservations.id })
      .from(reservations)
      .where(
        and(
          eq(reservations.userId, userId),
          eq(reservations.productId, productId),
          inArray(reservations.status, [...RENTED_RESERVATION_STATUSES]),
        ),
      );
    return [
      ...viaContracts.map((c) => ({ contractId: c.contractId })),
      ...viaReservations.filter((r) => !seen.has(r.id)).map(() => ({ contractId: null })),
    ];
  }

  /** Whether the user has a contract of the product agreed but not yet handed over: the review waits for the handover. */
  private async paidNotHandedOver(userId: number, productId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: contracts.id })
      .from(contracts)
      .where(
        and(eq(contracts.renterId, userId), eq(contracts.productId, productId), inArray(contracts.status, ['PENDING_PAYMENT', 'ACCEPTED'])),
      )
      .limit(1);
    return row !== undefined;
  }

  /** Only a renter who rented the product may review it, once per rental. */
  async add(input: { userId: number; productId: number; rating: number; comment: string }, now: Date): Promise<Feedback> {
    const [product] = await this.db
      .select({ id: products.id, userId: products.userId })
      .from(products)
      .where(eq(products.id, input.productId))
      .limit(1);
    if (!product) throw notFound(messages.errors.api.productNotFound);
    const rentals = product.userId === input.userId ? [] : await this.rentals(input.userId, input.productId);
    if (rentals.length === 0) {
      if (product.userId !== input.userId && (await this.paidNotHandedOver(input.userId, input.productId))) throw notHandedOver();
      throw new ApiError(403, 'NO_FEEDBACK_RIGHTS', NO_FEEDBACK_RIGHTS_MESSAGE);
    }
    return withTransaction(this.db, async (tx) => {
      // Serialises reviews of one user on one product so "once per rental" holds under double clicks.
      await tx.execute(sql`select pg_advisory_xact_lock(72210002, ${input.userId}::int # ${input.productId}::int)`);
      const given = await tx
        .select({ contractId: feedback.contractId })
        .from(feedback)
        .where(and(eq(feedback.userId, input.userId), eq(feedback.productId, input.productId)));
      if (given.length >= rentals.length) throw new ApiError(409, 'FEEDBACK_EXISTS', messages.errors.api.feedbackExists);
      const usedContracts = new Set(given.map((g) => g.contractId));
      const contractId = rentals.find((r) => r.contractId !== null && !usedContracts.has(r.contractId))?.contractId ?? null;
      const [row] = await tx
        .insert(feedback)
        .values({
          userId: input.userId,
          productId: input.productId,
          contractId,
          ratingHalves: Math.round(input.rating * 2),
          comment: input.comment.trim(),
          createdTs: now,
        })
        .returning();
      const [author] = await tx
        .select({ type: users.type, name: users.name, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, input.userId));
      return {
        id: row.id,
        author: publicAuthorName(author),
        rating: row.ratingHalves / 2,
        comment: row.comment,
        createdTs: row.createdTs.toISOString(),
        userId: row.userId,
        productId: row.productId,
        contractId: row.contractId,
      };
    });
  }

  /** The owner's complaint about a rental (or a party of the named contract). */
  async addProblem(
    input: { userId: number; productId: number; comment: string; contractId: number | null },
    now: Date,
  ): Promise<ProblemReport> {
    const text = input.comment.trim();
    if (!text) throw new ApiError(400, 'EMPTY_PROBLEM', messages.errors.api.emptyProblem);
    const [product] = await this.db
      .select({ id: products.id, userId: products.userId })
      .from(products)
      .where(eq(products.id, input.productId))
      .limit(1);
    if (!product) throw notFound(messages.errors.api.productNotFound);
    if (input.contractId !== null) {
      const [contract] = await this.db.select().from(contracts).where(eq(contracts.id, input.contractId)).limit(1);
      if (!contract || contract.productId !== product.id) throw notFound(messages.errors.api.contractNotFound);
      if (contract.ownerId !== input.userId && contract.renterId !== input.userId)
        throw new ApiError(403, 'NO_RIGHTS', messages.errors.api.noProblemReportRights);
      // A report is about a rental that happened: either party's handover mark counts (ADR 0043), so an
      // owner whose renter never marked the receipt can still report a non-return.
      if (contract.renterReceivedTs === null && contract.ownerHandedOverTs === null && contract.renterId !== null) throw notHandedOver();
    } else if (product.userId !== input.userId) {
      throw new ApiError(403, 'NO_RIGHTS', messages.errors.api.noProblemReportRights);
    }
    const [row] = await this.db
      .insert(problemReports)
      .values({ userId: input.userId, productId: product.id, contractId: input.contractId, comment: text, createdTs: now })
      .returning();
    return {
      id: row.id,
      userId: row.userId,
      productId: row.productId,
      contractId: row.contractId,
      comment: row.comment,
      status: row.status,
      createdTs: row.createdTs.toISOString(),
    };
  }
}
