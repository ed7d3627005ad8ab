import { withTransaction, type Tx } from '../db/transaction';
import { and, asc, desc, eq, lte, ne, sql } from 'drizzle-orm';
import type { AccountHistoryRow } from 'shared-kernel/schemas';
import type { Db } from '../db/database';
import { contracts, paymentOrders, payments, users } from '../db/schema';
import { ApiError } from '../lib/api-error';
import { messages } from 'shared-kernel/messages';
import { payoutExpectedDate } from 'shared-kernel/time';
import { accounts, accountBalance, postLedger } from './ledger';

export type PaymentOrderRow = typeof paymentOrders.$inferSelect;
export type NewPaymentOrder = typeof paymentOrders.$inferInsert;

/** What the provider said about an order. */
export type ProviderOutcome = 'PAID' | 'FAILED' | 'ABANDONED' | 'EXPIRED';

/** How a bank-link order ended, as the provider reports it. */
export type OrderOutcome = 'PAID' | 'FAILED' | 'CANCELLED' | 'EXPIRED';

/** Runs the purpose's settle handler inside the transaction that records the outcome. */
export type SettleCallback = (tx: Tx, order: PaymentOrderRow, outcome: OrderOutcome) => Promise<void>;

export type SettleResult = 'APPLIED' | 'ALREADY_APPLIED' | 'LATE_PAYMENT_CREDITED' | 'NOT_FOUND';

/** The money account: bank-link orders and their outcome, withdrawals, paying contracts, history. */
export class PaymentRepository {
  constructor(private readonly db: Db) {}

  async createOrder(values: NewPaymentOrder): Promise<PaymentOrderRow> {
    const [row] = await this.db.insert(paymentOrders).values(values).returning();
    return row;
  }

  async findOrder(merchantReference: string): Promise<PaymentOrderRow | undefined> {
    const [row] = await this.db.select().from(paymentOrders).where(eq(paymentOrders.merchantReference, merchantReference)).limit(1);
    return row;
  }

  /**
   * Applies a provider outcome to an order exactly once: the order row is locked, and only a
   * PENDING order changes. PAID credits the payer's wallet from bank clearing (payments row
   * INPAYMENT COMPLETED) and runs the purpose's handler in the same transaction; FAILED, ABANDONED
   * and EXPIRED close the order (payments row FAILED) and run the handler with that outcome. A
   * PAID that arrives after the order was closed still credits the wallet (the bank took the
   * money) but does not run the purpose again.
   */
  async settle(merchantReference: string, outcome: ProviderOutcome, now: Date, onSettled: SettleCallback): Promise<SettleResult> {
    return withTransaction(this.db, async (tx) => {
      const [order] = await tx
        .select()
        .from(paymentOrders)
        .where(eq(paymentOrders.merchantReference, merchantReference))
        .for('update')
        .limit(1);
      if (!order) return 'NOT_FOUND';
      if (order.status !== 'PENDING') {
        if (outcome !== 'PAID' || order.paymentId !== null) return 'ALREADY_APPLIED';
        const paymentId = await this.creditDeposit(tx, order, now);
        await tx.update(paymentOrders).set({ paymentId }).where(eq(paymentOrders.id, order.id));
        return 'LATE_PAYMENT_CREDITED';
      }
      if (outcome === 'PAID') {
        const paymentId = await this.creditDeposit(tx, order, now);
        await tx.update(paymentOrders).set({ status: 'PAID', paymentId, settledTs: now }).where(eq(paymentOrders.id, order.id));
        await onSettled(tx, { ...order, status: 'PAID', paymentId }, 'PAID');
        return 'APPLIED';
      }
      const status = outcome === 'FAILED' ? 'FAILED' : outcome === 'ABANDONED' ? 'CANCELLED' : 'EXPIRED';
      await tx.insert(payments).values({
        userId: order.userId,
        direction: 'IN',
        titleCode: 'INPAYMENT',
        status: 'FAILED',
        amountCents: order.amountCents,
        provider: order.provider,
        providerRef: `${order.merchantReference}:${status.toLowerCase()}`,
        createdTs: now,
      });
      await tx.update(paymentOrders).set({ status, settledTs: now }).where(eq(paymentOrders.id, order.id));
      await onSettled(tx, { ...order, status }, status);
      return 'APPLIED';
    });
  }

  private async creditDeposit(tx: Tx, order: PaymentOrderRow, now: Date): Promise<number> {
    const [payment] = await tx
      .insert(payments)
      .values({
        userId: order.userId,
        direction: 'IN',
        titleCode: 'INPAYMENT',
        status: 'COMPLETED',
        amountCents: order.amountCents,
        provider: order.provider,
        providerRef: order.merchantReference,
        createdTs: now,
        completedTs: now,
      })
      .returning({ id: payments.id });
    await postLedger(tx, {
      kind: 'DEPOSIT',
      idempotencyKey: `order:${order.merchantReference}:paid`,
      paymentId: payment.id,
      now,
      entries: [
        { account: accounts.clearing, amountCents: -order.amountCents },
        { account: accounts.wallet(order.userId), userId: order.userId, amountCents: order.amountCents },
      ],
    });
    return payment.id;
  }

  /** References of PENDING orders whose hold has run out. */
  async expiredOrderReferences(now: Date, limit = 200): Promise<string[]> {
    const rows = await this.db
      .select({ ref: paymentOrders.merchantReference })
      .from(paymentOrders)
      .where(and(eq(paymentOrders.status, 'PENDING'), lte(paymentOrders.expiresTs, now)))
      .orderBy(asc(paymentOrders.expiresTs))
      .limit(limit);
    return rows.map((r) => r.ref);
  }

  async accountNumberOf(userId: number): Promise<string | null> {
    const [row] = await this.db.select({ accountNr: users.accountNr }).from(users).where(eq(users.id, userId)).limit(1);
    return row?.accountNr ?? null;
  }

  /**
   * A payout to the user's bank account: wallet → platform:payouts-pending and a payments row
   * OUTPAYMENT PENDING until an operator pays it out in a SEPA file and marks it paid (ADR 0045).
   * Refuses more than the balance.
   */
  async withdraw(userId: number, amountCents: number, now: Date): Promise<{ paymentId: number; balanceCents: number }> {
    return withTransaction(this.db, async (tx) => {
      const [payment] = await tx
        .insert(payments)
        .values({
          userId,
          direction: 'OUT',
          titleCode: 'OUTPAYMENT',
          status: 'PENDING',
          amountCents,
          provider: 'bank-transfer',
          createdTs: now,
        })
        .returning({ id: payments.id });
      await postLedger(tx, {
        kind: 'WITHDRAWAL',
        idempotencyKey: `withdrawal:${payment.id}`,
        paymentId: payment.id,
        now,
        entries: [
          { account: accounts.wallet(userId), userId, amountCents: -amountCents },
          { account: accounts.payoutsPending, amountCents },
        ],
      });
      return { paymentId: payment.id, balanceCents: await accountBalance(tx, accounts.wallet(userId)) };
    });
  }

  async balances(userId: number): Promise<{ balanceCents: number; pendingCents: number }> {
    const [balanceCents, pendingCents] = await Promise.all([
      accountBalance(this.db, accounts.wallet(userId)),
      accountBalance(this.db, accounts.pending(userId)),
    ]);
    return { balanceCents, pendingCents };
  }

  /** Spec 3 "Payment" rows of the user, newest first, FAILED ones left out. */
  async history(userId: number, size: number): Promise<AccountHistoryRow[]> {
    const rows = await this.db
      .select({
        id: payments.id,
        createdTs: payments.createdTs,
        direction: payments.direction,
        titleCode: payments.titleCode,
        status: payments.status,
        amountCents: payments.amountCents,
        contractId: payments.contractId,
        completedTs: payments.completedTs,
        productName: sql<string | null>`${contracts.contractData} -> 'product' ->> 'name'`,
      })
      .from(payments)
      .leftJoin(contracts, eq(contracts.id, payments.contractId))
      .where(and(eq(payments.userId, userId), ne(payments.status, 'FAILED')))
      .orderBy(desc(payments.createdTs), desc(payments.id))
      .limit(size);
    return rows.map((r) => ({
      ...r,
      createdTs: r.createdTs.toISOString(),
      completedTs: r.completedTs?.toISOString() ?? null,
      amount: r.amountCents / 100,
      // Spec 9: a payout takes at least three working days; the user sees when to expect it (ADR 0045).
      expectedDate: r.titleCode === 'OUTPAYMENT' && r.status === 'PENDING' ? payoutExpectedDate(r.createdTs) : null,
    }));
  }
}

export const paymentNotAllowed = () => new ApiError(403, 'PAYMENT_NOT_ALLOWED', messages.errors.account.paymentNotAllowed);
