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
