import type { Db } from './database';

declare const inTransaction: unique symbol;

/**
 * A handle that is inside a transaction. Only `withTransaction` makes one, so a function that
 * takes `Tx` (the wallet's advisory lock, the ledger writer, contract money) cannot be called with
 * a plain `Db`: outside a transaction `pg_advisory_xact_lock` would end with its own statement and
 * "no wallet below zero" would silently stop holding. test/tx-type.typecheck.ts pins this.
 */
export type Tx = Db & { readonly [inTransaction]: true };

/** Runs `fn` in one transaction (drizzle's), handing it the branded handle. */
export function withTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  // The one place a transaction handle gets its brand: drizzle's PgTransaction is a Db.
  return db.transaction((tx) => fn(tx as unknown as Tx));
}
