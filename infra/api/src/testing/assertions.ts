import { sql } from 'drizzle-orm';
import { ApiErrorBody } from 'shared-kernel/schemas';
import { queryRows, type Db } from '../db/database';

/** Asserts an API error answer: the status, and the code both first in `codes` and as `code`. */
export function expectApiError(res: { statusCode: number; body: string }, status: number, code: string): ApiErrorBody {
  expect({ status: res.statusCode, body: res.body }).toMatchObject({ status });
  const body = ApiErrorBody.parse(JSON.parse(res.body));
  expect(body.code).toBe(code);
  expect(body.codes[0]).toBe(code);
  return body;
}

/**
 * A digest of whole tables (row count and an md5 over every row), for the bad-input walks: equal
 * digests before and after a refused call prove it changed nothing. Table names are the tests' own.
 */
export async function tableDigest(db: Db, tables: readonly string[]): Promise<string> {
  const parts: string[] = [];
  for (const table of tables) {
    const [row] = await queryRows<{ h: string; n: number }>(
      db,
      sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h, count(*)::int as n from ${table} t`),
    );
    parts.push(`${table}:${row.n}:${row.h}`);
  }
  return parts.join('\n');
}

/**
 * The books' invariants (ADR 0016), for tests that move money: every ledger transaction sums to
 * zero, so the whole ledger does; no wallet is below zero; no transaction has fewer than two legs.
 * All four are 0 when the books hold.
 */
export async function ledgerProblems(
  db: Db,
): Promise<{ unbalancedTransactions: number; ledgerSum: number; negativeWallets: number; oneLegTransactions: number }> {
  const [row] = await queryRows<{ unbalanced: number; total: string | null; negative: number; oneLeg: number }>(
    db,
    sql`select
          (select count(*)::int from (select transaction_id from ledger_entries group by transaction_id having sum(amount_cents) <> 0) t) as unbalanced,
          (select sum(amount_cents)::text from ledger_entries) as total,
          (select count(*)::int from (select account from ledger_entries where account like 'user:%:wallet' group by account having sum(amount_cents) < 0) t) as negative,
          (select count(*)::int from ledger_transactions t where (select count(*) from ledger_entries e where e.transaction_id = t.id) < 2) as "oneLeg"`,
  );
  return {
    unbalancedTransactions: row.unbalanced,
    ledgerSum: Number(row.total ?? 0),
    negativeWallets: row.negative,
    oneLegTransactions: row.oneLeg,
  };
}
