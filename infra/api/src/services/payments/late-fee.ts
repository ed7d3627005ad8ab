import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import type { Tx } from '../../db/transaction';
import { contracts, ledgerEntries, ledgerTransactions, payments } from '../../db/schema';
import { accountBalance, accounts, lockWallet, postLedger, walletBalance } from '../../repositories/ledger';

/** What `userId` owes from late-return fees (positive), from the ledger. */
export async function debtOf(db: Db, userId: number): Promise<number> {
  const balance = await accountBalance(db, accounts.debt(userId));
  return balance < 0 ? -balance : 0;
}

/**
 * Charges a late return inside the return's transaction (ADR 0043): what the renter's balance
 * covers goes from their wallet to the owner's at once (the rental is over); the rest is booked
 * as the renter's debt and the owner's receivable, paid over by `settleDebts`. Idempotent per
 * contract. Answers the part left as debt.
 */
export async function chargeLateFee(
  tx: Tx,
  c: { id: number; renterId: number; ownerId: number },
  feeCents: number,
  now: Date,
): Promise<{ paidCents: number; debtCents: number }> {
  if (feeCents <= 0) return { paidCents: 0, debtCents: 0 };
  // Locked before the balance is read: a payment racing this one cannot spend the same money.
  await lockWallet(tx, c.renterId);
  const paidCents = Math.max(0, Math.min(feeCents, await walletBalance(tx, c.renterId)));
  const debtCents = feeCents - paidCents;
  const posted = await postLedger(tx, {
    kind: 'LATE_FEE',
    idempotencyKey: `contract:${c.id}:late-fee`,
    contractId: c.id,
    now,
    entries: [
      { account: accounts.wallet(c.renterId), userId: c.renterId, amountCents: -paidCents },
      { account: accounts.debt(c.renterId), userId: c.renterId, amountCents: -debtCents },
      { account: accounts.wallet(c.ownerId), userId: c.ownerId, amountCents: paidCents },
      { account: accounts.receivable(c.ownerId), userId: c.ownerId, amountCents: debtCents },
    ],
  });
  if (posted.created && paidCents > 0) await recordPaymentRows(tx, c, paidCents, now);
  return { paidCents, debtCents };
}

/**
 * Pays the user's late-fee debts from their wallet as far as it reaches, oldest contract first,
 * each owner's receivable to their wallet. Answers what is still owed.
 */
export async function settleDebts(tx: Tx, userId: number, now: Date): Promise<number> {
  if ((await debtOf(tx, userId)) === 0) return 0;
  await lockWallet(tx, userId);
  let available = await walletBalance(tx, userId);
  const open = await tx
    .select({ contractId: ledgerTransactions.contractId, owed: sql<string>`-sum(${ledgerEntries.amountCents})` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(and(eq(ledgerEntries.account, accounts.debt(userId)), inArray(ledgerTransactions.kind, ['LATE_FEE', 'DEBT_PAYMENT'])))
    .groupBy(ledgerTransactions.contractId)
    .having(sql`sum(${ledgerEntries.amountCents}) < 0`)
    .orderBy(asc(ledgerTransactions.contractId));
  for (const row of open) {
    const owed = Number(row.owed);
    const pay = Math.min(owed, available);
    if (pay <= 0 || row.contractId === null) continue;
    const [c] = await tx.select({ id: contracts.id, ownerId: contracts.ownerId }).from(contracts).where(eq(contracts.id, row.contractId));
    await postLedger(tx, {
      kind: 'DEBT_PAYMENT',
      // What is owed only falls, so it names each payment of one contract's debt once.
      idempotencyKey: `contract:${c.id}:debt-payment:${owed}`,
      contractId: c.id,
      now,
      entries: [
        { account: accounts.wallet(userId), userId, amountCents: -pay },
        { account: accounts.debt(userId), userId, amountCents: pay },
        { account: accounts.receivable(c.ownerId), userId: c.ownerId, amountCents: -pay },
        { account: accounts.wallet(c.ownerId), userId: c.ownerId, amountCents: pay },
      ],
    });
    await recordPaymentRows(tx, { id: c.id, renterId: userId, ownerId: c.ownerId }, pay, now);
    available -= pay;
  }
  return debtOf(tx, userId);
}

/** The two sides' payment history rows of a late fee paid (or a debt of one settled). */
async function recordPaymentRows(tx: Tx, c: { id: number; renterId: number; ownerId: number }, amountCents: number, now: Date) {
  const row = { contractId: c.id, status: 'COMPLETED' as const, amountCents, createdTs: now, completedTs: now };
  await tx.insert(payments).values([
    { ...row, userId: c.renterId, direction: 'OUT', titleCode: 'OUTPAYMENT_FOR_RENT' },
    { ...row, userId: c.ownerId, direction: 'IN', titleCode: 'INPAYMENT_FOR_RENT' },
  ]);
}
