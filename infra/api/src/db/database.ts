import path from 'node:path';
import fs from 'node:fs';
import { AsyncLocalStorage } from 'node:async_hooks';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { packageRoot } from '../lib/package-root';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the repositories see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: where it is, so another instance (a test's second API) can open it too. */
  connectionString?: string;
  /** Applies the committed SQL migrations in drizzle/ (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Subscribes to a NOTIFY channel; the answer stops the subscription. `onReconnect` runs when a
   * dropped listening connection is back (notifications in between are lost, so callers refresh).
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  /** PGlite only: the data directory as a tarball (test templates). */
  dump?: () => Promise<Blob>;
}

export const MIGRATIONS_FOLDER = path.join(packageRoot(), 'drizzle');

const pgliteExtensions = { cube, earthdistance, pg_trgm, btree_gist };

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Marks the statements of the priority routes (health, sign-in, session): see yieldingBeforeQueries. */
const statementLane = new AsyncLocalStorage<'priority'>();

/** Runs `fn` (and everything it starts) with its database statements ahead of the others. */
export function runWithDatabasePriority<T>(fn: () => T): T {
  return statementLane.run('priority', fn);
}

/**
 * Orders the statements that reach PGlite (which runs them one at a time, first come first
 * served): ordinary statements are handed over one at a time and only while no priority statement
 * is pending, so a priority statement waits for at most the one ordinary statement under way.
 */
class StatementScheduler {
  private priorityPending = 0;
  private ordinaryBusy = false;
  private waiters: Array<() => void> = [];

  async priority<T>(run: () => Promise<T>): Promise<T> {
    this.priorityPending += 1;
    try {
      return await run();
    } finally {
      this.priorityPending -= 1;
      this.wake();
    }
  }

  async ordinary<T>(run: () => Promise<T>): Promise<T> {
    while (this.ordinaryBusy || this.priorityPending > 0) await new Promise<void>((resolve) => this.waiters.push(resolve));
    this.ordinaryBusy = true;
    try {
      return await run();
    } finally {
      this.ordinaryBusy = false;
      this.wake();
    }
  }

  private wake(): void {
    this.waiters.splice(0).forEach((wake) => wake());
  }
}

type Queryable = Pick<PGlite, 'query' | 'exec'>;

function yieldingQueryable<T extends Queryable>(target: T, scheduler: StatementScheduler | null): T {
  const wrap = <F extends (...args: never[]) => Promise<unknown>>(fn: F): F =>
    (async (...args: Parameters<F>) => {
      const run = async () => {
        await nextTurn();
        return fn(...args);
      };
      if (!scheduler) return run();
      return statementLane.getStore() === 'priority' ? scheduler.priority(run) : scheduler.ordinary(run);
    }) as F;
  target.query = wrap(target.query.bind(target)) as typeof target.query;
  target.exec = wrap(target.exec.bind(target)) as typeof target.exec;
  return target;
}

/**
 * PGlite runs each statement synchronously on this thread, and a handler's next statement starts
 * in the microtask after the last one: a request with a dozen statements held the event loop for
 * its whole length, and 300 heavy lists kept `/health` waiting for seconds and sign-in, whose
 * statements queued behind theirs one by one, for about a second (issue 15). Now every statement
 * waits for the next turn of the event loop, so waiting I/O is served between any two, and
 * outside transactions the scheduler puts a priority route's statements first.
 * Statements inside a transaction bypass the scheduler: the transaction holds PGlite's lock,
 * and a statement the scheduler let go first would wait for them in turn (a deadlock).
 */
function yieldingBeforeQueries(client: PGlite): PGlite {
  yieldingQueryable(client, new StatementScheduler());
  const transaction = client.transaction.bind(client);
  client.transaction = ((callback: Parameters<typeof transaction>[0]) =>
    transaction((tx) => callback(yieldingQueryable(tx, null)))) as typeof client.transaction;
  return client;
}

/** Embedded PostgreSQL. No dataDir = in memory (tests). */
export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = yieldingBeforeQueries(await PGlite.create({ dataDir, extensions: pgliteExtensions, loadDataDir }));
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // Flush shared buffers first so the tarball holds every page (GIN pending lists included).
    dump: async () => {
      await client.exec('CHECKPOINT');
      return client.dumpDataDir('none');
    },
    // PGlite is one connection in this process: a NOTIFY from any writer reaches its listeners.
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    migrate: async () => {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/** A PostgreSQL server through node-postgres; same schema, same migrations. */
export async function openPostgres(connectionString: string, poolSize = 10): Promise<Database> {
  // No JIT: the API's statements stop after a page or a count cap, but the planner costs a search's
  // per-candidate expressions (the dated search's rules and period price, ADR 0047) over the whole
  // table, crosses jit_above_cost and spends seconds compiling for a query that runs milliseconds.
  const pool = new pg.Pool({ connectionString, max: poolSize, options: '-c jit=off' });
  // An idle connection the server ends (restart, failover, a dropped test database) must not crash
  // the process; the pool opens a new one on the next query.
  pool.on('error', (err: Error & { code?: string }) => {
    if (err.code !== '57P01') console.error('[db] idle PostgreSQL connection failed', err);
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    connectionString,
    listen: (channel, onPayload, onReconnect) => listenPostgres(connectionString, channel, onPayload, onReconnect),
    migrate: async () => {
      // Several API instances may start at once; the advisory lock lets one of them migrate.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(72210001)');
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('select pg_advisory_unlock(72210001)').catch(() => undefined);
        client.release();
      }
    },
    close: async () => {
      await pool.end();
    },
  };
}

/**
 * LISTEN on one dedicated connection (a pooled one would be handed to queries and lose it). When
 * the connection drops it is reopened with backoff (0.25 s doubling to 10 s) until stopped.
 */
async function listenPostgres(
  connectionString: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let delayMs = 250;
  const quoted = `"${channel.replace(/"/g, '""')}"`;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString });
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) onPayload(n.payload);
    });
    c.on('error', () => scheduleReconnect(c));
    c.on('end', () => scheduleReconnect(c));
    await c.connect();
    await c.query(`LISTEN ${quoted}`);
    if (stopped) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    delayMs = 250;
  };

  const scheduleReconnect = (c: pg.Client) => {
    if (stopped || client !== c || retryTimer) return;
    client = null;
    c.end().catch(() => undefined);
    const attempt = () => {
      retryTimer = setTimeout(() => {
        retryTimer = null;
        if (stopped) return;
        connect().then(
          () => onReconnect?.(),
          () => {
            delayMs = Math.min(delayMs * 2, 10_000);
            attempt();
          },
        );
      }, delayMs);
      retryTimer.unref();
    };
    attempt();
  };

  await connect();
  return async () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    const c = client;
    client = null;
    if (c) await c.end().catch(() => undefined);
  };
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(path.join(opts.dataDir, 'pglite'));
}

/** Rows of a raw query; both drivers answer `{ rows }`, the shared type just cannot say so. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
