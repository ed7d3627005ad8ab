import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { ledgerEntries, ledgerTransactions, payments, users } from '../db/schema';
import type { Tx } from '../db/transaction';
import { accounts, postLedger } from './ledger';

/** A withdrawal waiting to be paid out, with what the SEPA file needs of its user. */
export interface PendingWithdrawalRow {
  paymentId: number;
  userId: number;
  name: string;
  lastName: string | null;
  accountNr: string | null;
  amountCents: number;
  createdTs: Date;
  payoutMsgId: string | null;
}

const columns = {
  paymentId: payments.id,
  userId: payments.userId,
  name: users.name,
  lastName: users.lastName,
  accountNr: users.accountNr,
  amountCents: payments.amountCents,
  createdTs: payments.createdTs,
  payoutMsgId: payments.payoutMsgId,
};

const pendingWithdrawal = and(eq(payments.titleCode, 'OUTPAYMENT'), eq(payments.status, 'PENDING'));

/** Withdrawals as the operator's payout desk sees them (issue 31, ADR 0045): the data, no rules. */
export class PayoutRepository {
  constructor(private readonly db: Db) {}

  /** Every withdrawal still to be paid out, oldest first. */
  pending(): Promise<PendingWithdrawalRow[]> {
    return this.db
      .select(columns)
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .where(pendingWithdrawal)
      .orderBy(asc(payments.id));
  }

  /** Locks the pending withdrawals among `ids` (all of them when absent), ascending; others are left out. */
  async lockPending(tx: Tx, ids?: readonly number[]): Promise<PendingWithdrawalRow[]> {
    const where = ids === undefined ? pendingWithdrawal : and(pendingWithdrawal, inArray(payments.id, [...ids]));
    const locked = await tx.select({ id: payments.id }).from(payments).where(where).orderBy(asc(payments.id)).for('update');
    if (locked.length === 0) return [];
    return tx
      .select(columns)
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .where(
        inArray(
          payments.id,
          locked.map((r) => r.id),
        ),
      )
      .orderBy(asc(payments.id));
  }

  async markExported(tx: Tx, ids: readonly number[], msgId: string): Promise<void> {
    await tx
      .update(payments)
      .set({ payoutMsgId: msgId })
      .where(inArray(payments.id, [...ids]));
  }

  /**
   * The withdrawal leaves the platform: COMPLETED, and its money moves from what the platform owes
   * (platform:payouts-pending) to the bank. A withdrawal from before ADR 0045 went straight to
   * bank:payouts when it was made; it has nothing left to move.
   */
  async markPaid(tx: Tx, row: PendingWithdrawalRow, now: Date): Promise<void> {
    await tx.update(payments).set({ status: 'COMPLETED', completedTs: now }).where(eq(payments.id, row.paymentId));
    const [owed] = await tx
      .select({ total: sql<string | null>`sum(${ledgerEntries.amountCents})` })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(and(eq(ledgerTransactions.paymentId, row.paymentId), eq(ledgerEntries.account, accounts.payoutsPending)));
    const cents = Number(owed?.total ?? 0);
    if (cents <= 0) return;
    await postLedger(tx, {
      kind: 'PAYOUT',
      idempotencyKey: `payout:${row.paymentId}:paid`,
      paymentId: row.paymentId,
      now,
      entries: [
        { account: accounts.payoutsPending, amountCents: -cents },
        { account: accounts.payouts, amountCents: cents },
      ],
    });
  }
}
