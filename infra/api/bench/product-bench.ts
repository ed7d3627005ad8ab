// The product page's API call (issue 16): GET /products/:id/details and GET /products/:id on the
// demo data, p50/p95 through fastify.inject, the statements one call sends and their EXPLAIN
// ANALYZE plans. Runs on in-memory PGlite and, when reachable, on PostgreSQL (DATABASE_URL or
// 127.0.0.1:5432/test).
//   pnpm --filter infra-api bench:product [-- --iterations 500 --id 27 --only pglite|postgres]
// Not a timed test: it prints figures for the issue notes.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { queryRows, type Database } from '../src/db/database';
import { createTestClock } from '../src/lib/clock';
import { createTestDatabase, testFilesDir } from '../src/testing/test-database';
import { postgresReachable } from './postgres-reachable';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const ITERATIONS = Math.min(Number(arg('iterations', '500')), 10_000);
const ID = Number(arg('id', '27'));
const ONLY = arg('only', '');
const WARMUP = Math.min(50, ITERATIONS);

function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { p50: q(0.5), p95: q(0.95), n: s.length };
}

interface Statement {
  text: string;
  params: unknown[];
}

/**
 * Records every statement drizzle prepares on this database (its session's prepareQuery), so the
 * bench can say how many one call sends and explain each.
 */
function recordStatements(database: Database): { take(): Statement[] } {
  const session = (database.db as unknown as { session: { prepareQuery: (...a: unknown[]) => unknown } }).session;
  const original = session.prepareQuery.bind(session);
  let seen: Statement[] = [];
  session.prepareQuery = (...a: unknown[]) => {
    const q = a[0] as { sql: string; params: unknown[] };
    seen.push({ text: q.sql, params: q.params });
    return original(...a);
  };
  return {
    take() {
      const out = seen;
      seen = [];
      return out;
    },
  };
}

const literal = (v: unknown): string => {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return `'${v.toISOString()}'`;
  return `'${String(v).replace(/'/g, "''")}'`;
};

async function explain(database: Database, s: Statement): Promise<string> {
  const text = s.text.replace(/\$(\d+)/g, (_, n: string) => literal(s.params[Number(n) - 1]));
  const rows = await queryRows<Record<string, string>>(
    database.db,
    sql.raw(`explain (analyze, costs off, timing off, summary off) ${text}`),
  );
  return rows.map((r) => Object.values(r)[0]).join('\n');
}

async function run(kind: 'pglite' | 'postgres'): Promise<void> {
  if (kind === 'postgres') process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
  else delete process.env.DATABASE_URL;
  const database = await createTestDatabase({ demo: true });
  try {
    const app = await buildApp({
      database,
      clock: createTestClock(new Date()),
      config: { filesDir: testFilesDir(), seedDemoData: false, sandboxServices: true, cookieSecure: false },
    });
    const recorder = recordStatements(database);
    console.log(`\n=== ${kind}: product ${ID}, ${ITERATIONS} calls each (inject, no network) ===`);
    for (const url of [`/products/${ID}/details`, `/products/${ID}`]) {
      const once = async () => {
        const r = await app.inject({ url });
        if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
      };
      for (let i = 0; i < WARMUP; i++) await once();
      recorder.take();
      await once();
      const statements = recorder.take();
      const samples: number[] = [];
      for (let i = 0; i < ITERATIONS; i++) {
        const t = performance.now();
        await once();
        samples.push(performance.now() - t);
      }
      recorder.take();
      const s = stats(samples);
      console.log(
        `GET ${url.padEnd(24)} p50 ${s.p50.toFixed(2).padStart(6)} ms  p95 ${s.p95.toFixed(2).padStart(6)} ms  ${statements.length} statement(s) per call`,
      );
      if (url.endsWith('/details')) {
        for (const [i, st] of statements.entries())
          console.log(`\nEXPLAIN ANALYZE (${kind}) statement ${i + 1} of ${statements.length}:\n${await explain(database, st)}`);
        console.log('');
      }
    }
    await app.close();
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  if (ONLY !== 'postgres') await run('pglite');
  if (ONLY !== 'pglite') {
    if (await postgresReachable()) await run('postgres');
    else console.log('\n(PostgreSQL not reachable: skipped; set DATABASE_URL)');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
