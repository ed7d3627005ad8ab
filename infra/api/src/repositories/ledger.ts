import { and, eq, inArray, sql } from 'drizzle-orm';
import { messages } from 'shared-kernel/messages';
import type { Db } from '../db/database';
import type { Tx } from '../db/transaction';
import { ledgerEntries, ledgerTransactions } from '../db/schema';
import { ApiError } from '../lib/api-error';

/** Named accounts of the double-entry ledger (ADR 0016). Balances are sums of entries, never stored. */
export const accounts = {
  wallet: (userId: number) => `user:${userId}:wallet`,
  pending: (userId: number) => `user:${userId}:pending`,
  /** What the user owes the platform's owners (late-return fees their balance did not cover): negative while owed. */
  debt: (userId: number) => `user:${userId}:debt`,
  /** What an owner is owed by renters' debts, paid to their wallet as the debts are settled. */
  receivable: (userId: number) => `user:${userId}:receivable`,
  fees: 'platform:fees',
  clearing: 'bank:clearing',
  payouts: 'bank:payouts',
  /** Withdrawals the users asked for and the platform still owes them, until the operator pays them out (issue 31). */
  payoutsPending: 'platform:payouts-pending',
} as const;

export type LedgerKind =
  'DEPOSIT' | 'WITHDRAWAL' | 'CONTRACT_PAYMENT' | 'REALISATION' | 'REFUND' | 'LATE_FEE' | 'DEBT_PAYMENT' | 'PAYOUT' | 'PENALTY';

export interface LedgerEntryInput {
  account: string;
  /** The user an account belongs to (wallet and pending accounts). */
  userId?: number;
  amountCents: number;
}

export interface LedgerPost {
  kind: LedgerKind;
  idempotencyKey: string;
  entries: LedgerEntryInput[];
  contractId?: number | null;
  paymentId?: number | null;
  memo?: string;
  now: Date;
}

export interface PostedTransaction {
  id: number;
  /** False when the idempotency key had been used: nothing was written this time. */
  created: boolean;
}

// The first key of the two-int advisory lock: one namespace for wallet locks.
const WALLET_LOCK_NAMESPACE = 7221;
const WALLET_RE = /^user:(\d+):wallet$/;

/**
 * Serialises every movement out of one user's wallet for the rest of the transaction. Taken before
 * the balance is read, so two spenders cannot both see the same money.
 */
export async function lockWallet(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${WALLET_LOCK_NAMESPACE}, ${userId})`);
}

export async function accountBalance(db: Db, account: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${ledgerEntries.amountCents})` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.account, account));
  return Number(row?.total ?? 0);
}

export const walletBalance = (db: Db, userId: number) => accountBalance(db, accounts.wallet(userId));

/** The sum of one account's entries in the transactions of one contract (and kinds). */
export async function contractAccountSum(db: Db, contractId: number, account: string, kinds: LedgerKind[]): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${ledgerEntries.amountCents})` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(and(eq(ledgerTransactions.contractId, contractId), eq(ledgerEntries.account, account), inArray(ledgerTransactions.kind, kinds)));
  return Number(row?.total ?? 0);
}

/**
 * The one writer of the ledger. Refuses an unbalanced or empty transaction; a repeated idempotency
 * key answers the transaction written the first time and writes nothing; a wallet that would go
 * below zero refuses with INSUFFICIENT_FUNDS (the wallet is locked first, so this holds under any
 * concurrency). Must run inside the caller's transaction, with everything else the event changes.
 */
export async function postLedger(tx: Tx, input: LedgerPost): Promise<PostedTransaction> {
  const entries = input.entries.filter((e) => e.amountCents !== 0);
  if (entries.length < 2) throw new Error(`ledger: ${input.kind} needs at least two non-zero entries`);
  if (entries.some((e) => !Number.isSafeInteger(e.amountCents))) throw new Error(`ledger: ${input.kind} has a non-integer amount`);
  const sum = entries.reduce((acc, e) => acc + e.amountCents, 0);
  if (sum !== 0) throw new Error(`ledger: ${input.kind} is unbalanced by ${sum} cents`);

  const existing = await findByKey(tx, input.idempotencyKey);
  if (existing) return { id: existing, created: false };

  // Net debit per wallet: only wallets that lose money need the lock and the check.
  const debits = new Map<number, number>();
  for (const e of entries) {
    const m = WALLET_RE.exec(e.account);
    if (m) debits.set(Number(m[1]), (debits.get(Number(m[1])) ?? 0) + e.amountCents);
  }
  // Ascending user id: two transactions debiting the same two wallets lock them in the same order.
  for (const userId of [...debits.keys()].sort((a, b) => a - b)) {
    const delta = debits.get(userId) ?? 0;
    if (delta >= 0) continue;
    await lockWallet(tx, userId);
    if ((await walletBalance(tx, userId)) + delta < 0) throw new ApiError(409, 'INSUFFICIENT_FUNDS', messages.validation.insufficientFunds);
  }

  const [row] = await tx
    .insert(ledgerTransactions)
    .values({
      kind: input.kind,
      idempotencyKey: input.idempotencyKey,
      contractId: input.contractId ?? null,
      paymentId: input.paymentId ?? null,
      memo: input.memo ?? null,
      createdTs: input.now,
    })
    .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
    .returning({ id: ledgerTransactions.id });
  if (!row) {
    // Another transaction wrote the same key and committed while this one waited on the index.
    const id = await findByKey(tx, input.idempotencyKey);
    if (id === null) throw new Error('ledger: idempotency key vanished');
    return { id, created: false };
  }
  await tx.insert(ledgerEntries).values(
    entries.map((e) => ({
      transactionId: row.id,
      account: e.account,
      userId: e.userId ?? null,
      amountCents: e.amountCents,
      createdTs: input.now,
    })),
  );
  return { id: row.id, created: true };
}

async function findByKey(tx: Tx, key: string): Promise<number | null> {
  const [row] = await tx
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, key))
    .limit(1);
  return row?.id ?? null;
}
