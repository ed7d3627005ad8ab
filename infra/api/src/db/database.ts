import path from 'node:path';
import fs from 'node:fs';
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

/** Embedded PostgreSQL. No dataDir = in memory (tests). */
export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir, extensions: pgliteExtensions, loadDataDir });
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
  const pool = new pg.Pool({ connectionString, max: poolSize });
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
async function listenPostgres(connectionString: string, channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>> {
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
