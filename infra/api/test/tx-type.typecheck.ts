/**
 * A type test, checked by `tsc` in the typecheck step (never run): the ledger and the money
 * functions take only a handle made by `withTransaction`. Each `@ts-expect-error` below fails the
 * typecheck the day a plain `Db` is accepted again (the directive is then unused).
 */
import type { Db } from '../src/db/database';
import { withTransaction } from '../src/db/transaction';
import { lockWallet, postLedger } from '../src/repositories/ledger';
import { payContractsFromWallet, realiseContract, refundCancelledContract } from '../src/services/payments/contract-money';

export async function ledgerCallsNeedATransaction(db: Db, contract: Parameters<typeof refundCancelledContract>[1]): Promise<void> {
  const now = new Date();
  // @ts-expect-error a plain Db: the advisory lock would end with its own statement
  await lockWallet(db, 1);
  // @ts-expect-error a plain Db: the ledger writer must run in the caller's transaction
  await postLedger(db, { kind: 'DEPOSIT', idempotencyKey: 'k', entries: [], now });
  // @ts-expect-error a plain Db: paying contracts moves money
  await payContractsFromWallet(db, { payerId: 1, contractIds: [1], now });
  // @ts-expect-error a plain Db: a refund moves money
  await refundCancelledContract(db, contract, 0, now);
  // @ts-expect-error a plain Db: realising moves money
  await realiseContract(db, contract, now);
  // @ts-expect-error a Db cast to look like a transaction handle is not one either
  await lockWallet(db as Db & { tx: true }, 1);

  // Inside withTransaction every one of them compiles.
  await withTransaction(db, async (tx) => {
    await lockWallet(tx, 1);
    await postLedger(tx, { kind: 'DEPOSIT', idempotencyKey: 'k', entries: [], now });
    await payContractsFromWallet(tx, { payerId: 1, contractIds: [1], now });
    await refundCancelledContract(tx, contract, 0, now);
    await realiseContract(tx, contract, now);
  });
}
