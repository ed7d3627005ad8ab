import { and, asc, desc, eq, or, sql, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database';
import { contracts, disputes, messages, messageThreads, problemReports, products, users } from '../db/schema';
import type { Tx } from '../db/transaction';

export type DisputeRow = typeof disputes.$inferSelect;
export type ContractRow = typeof contracts.$inferSelect;

const name = (t: { name: SQLWrapper; lastName: SQLWrapper }) => sql<string>`trim(${t.name} || ' ' || coalesce(${t.lastName}, ''))`;

export async function insertDispute(tx: Tx, values: typeof disputes.$inferInsert): Promise<DisputeRow> {
  const [row] = await tx.insert(disputes).values(values).returning();
  return row;
}

/** Disputes of APPEALED contracts and what the operator reads to decide them (issue 31, ADR 0045): data only. */
export class DisputeRepository {
  constructor(private readonly db: Db) {}

  /** Disputes with their contract, product and parties; open ones first, then the latest decided. */
  async list(db: Db | Tx = this.db, id?: number) {
    const renter = alias(users, 'renter');
    const owner = alias(users, 'owner');
    return db
      .select({
        dispute: disputes,
        contract: contracts,
        productName: products.name,
        productDailyCents: products.priceDailyCents,
        renterName: name(renter),
        ownerName: name(owner),
      })
      .from(disputes)
      .innerJoin(contracts, eq(contracts.id, disputes.contractId))
      .innerJoin(products, eq(products.id, contracts.productId))
      .innerJoin(renter, eq(renter.id, contracts.renterId))
      .innerJoin(owner, eq(owner.id, contracts.ownerId))
      .where(id === undefined ? undefined : eq(disputes.id, id))
      .orderBy(desc(sql`${disputes.status} = 'OPEN'`), desc(disputes.createdTs), desc(disputes.id))
      .limit(100);
  }

  async lock(tx: Tx, id: number): Promise<{ dispute: DisputeRow; contract: ContractRow } | null> {
    const [d] = await tx.select().from(disputes).where(eq(disputes.id, id)).limit(1);
    if (!d) return null;
    const [contract] = await tx.select().from(contracts).where(eq(contracts.id, d.contractId)).for('update').limit(1);
    const [dispute] = await tx.select().from(disputes).where(eq(disputes.id, id)).for('update').limit(1);
    return { dispute, contract };
  }

  async decide(tx: Tx, id: number, decision: Record<string, unknown>, by: number, now: Date): Promise<void> {
    await tx.update(disputes).set({ status: 'DECIDED', decision, decidedBy: by, decidedTs: now }).where(eq(disputes.id, id));
    const [d] = await tx.select({ contractId: disputes.contractId }).from(disputes).where(eq(disputes.id, id));
    await tx.update(contracts).set({ status: 'SOLVED', updatedTs: now }).where(eq(contracts.id, d.contractId));
  }

  /** The messages the two parties wrote to each other, oldest first (at most 200). */
  async messagesBetween(a: number, b: number) {
    return this.db
      .select({ userId: messages.userId, message: messages.message, createdTs: messages.createdTs })
      .from(messages)
      .innerJoin(messageThreads, eq(messageThreads.id, messages.threadId))
      .where(
        or(
          and(eq(messageThreads.senderId, a), eq(messageThreads.receiverId, b)),
          and(eq(messageThreads.senderId, b), eq(messageThreads.receiverId, a)),
        ),
      )
      .orderBy(asc(messages.createdTs), asc(messages.id))
      .limit(200);
  }

  async reportsOf(contractId: number) {
    return this.db
      .select({ userId: problemReports.userId, comment: problemReports.comment, createdTs: problemReports.createdTs })
      .from(problemReports)
      .where(eq(problemReports.contractId, contractId))
      .orderBy(asc(problemReports.createdTs));
  }
}
