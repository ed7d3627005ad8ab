import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { sandboxBankOrders } from '../db/schema';
import { withTransaction } from '../db/transaction';
import { enqueueJob } from './job-repository';
import { WEBHOOK_JOB } from './outbox';

/**
 * The sandbox bank's orders, shared by every replica. `decide` claims an order once: the second
 * press of a button (or a second replica) finds it decided.
 */
export class SandboxBankOrderRepository {
  constructor(private readonly db: Db) {}

  async add(id: string, order: unknown, now: Date, keep: number): Promise<void> {
    await this.db.insert(sandboxBankOrders).values({ id, order, createdTs: now });
    // A stand-in keeps a bounded number: the oldest go first.
    await this.db.execute(
      sql`delete from sandbox_bank_orders where id in (select id from sandbox_bank_orders order by created_ts desc, id offset ${keep})`,
    );
  }

  /** The order while it is undecided. */
  async open(id: string): Promise<unknown | null> {
    const [row] = await this.db
      .select({ order: sandboxBankOrders.order })
      .from(sandboxBankOrders)
      .where(and(eq(sandboxBankOrders.id, id), eq(sandboxBankOrders.decided, false)))
      .limit(1);
    return row ? row.order : null;
  }

  /**
   * Marks the order decided and, in the same transaction, queues the notification `notify` makes
   * from it: a bank that said yes always tells the merchant, whichever replica dies afterwards.
   * Returns the order; null when it does not exist or was decided already.
   */
  async decide(id: string, now: Date, notify: (order: unknown) => Promise<{ url: string; body: unknown }>): Promise<unknown | null> {
    return withTransaction(this.db, async (tx) => {
      const [row] = await tx
        .update(sandboxBankOrders)
        .set({ decided: true })
        .where(and(eq(sandboxBankOrders.id, id), eq(sandboxBankOrders.decided, false)))
        .returning({ order: sandboxBankOrders.order });
      if (!row) return null;
      await enqueueJob(tx, { name: WEBHOOK_JOB, payload: await notify(row.order), runAt: now, maxAttempts: 8 });
      return row.order;
    });
  }
}
