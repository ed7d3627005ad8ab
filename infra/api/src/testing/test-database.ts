import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { MIGRATIONS_FOLDER, openPglite, openPostgres, type Database } from '../db/database';
import { demoUsers } from '../demo/demo-users';
import { generateDemoPlan } from '../demo/generate';
import { seedDemoData } from '../demo/seed';

export interface TestDatabaseOptions {
  /** Start with the demo data loaded. */
  demo?: boolean;
}

/** Generated demo images are shared by all test files (they are rendered once per machine). */
export function testFilesDir(): string {
  return path.join(os.tmpdir(), 'rendime-test-files');
}

const DEMO_SOURCE_FOLDER = path.join(__dirname, '..', 'demo');

// Seed clock for templates: demo data does not depend on it except for audit timestamps.
const TEMPLATE_NOW = new Date('2025-06-01T09:00:00Z');

/**
 * A fresh, migrated database for one test file, so files can run side by side.
 * PGlite (default): a new in-memory instance, restored from a cached migrated template (initdb
 * in WASM takes seconds; restoring a tarball takes one). With DATABASE_URL: a uniquely named
 * database created on that server and dropped again by `close()`.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const template = await pgliteTemplate(Boolean(options.demo));
    const database = await openPglite(undefined, new Blob([new Uint8Array(fs.readFileSync(template))]));
    await database.migrate();
    return database;
  }
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  await adminQuery(url, `CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openPostgres(target.toString(), 20);
  await database.migrate();
  if (options.demo) await seedDemoData(database.db, { filesDir: testFilesDir(), now: TEMPLATE_NOW });
  return {
    ...database,
    close: async () => {
      await database.close();
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

function templateKey(demo: boolean): string {
  const h = crypto.createHash('sha256');
  for (const file of fs.readdirSync(MIGRATIONS_FOLDER, { recursive: true }).map(String).sort()) {
    const full = path.join(MIGRATIONS_FOLDER, file);
    if (fs.statSync(full).isFile()) h.update(file).update(fs.readFileSync(full));
  }
  if (demo) {
    h.update(JSON.stringify(generateDemoPlan())).update(JSON.stringify(demoUsers));
    // The seeding code shapes the rows too: a template from older code must not be reused.
    for (const file of fs.readdirSync(DEMO_SOURCE_FOLDER).sort())
      h.update(file).update(fs.readFileSync(path.join(DEMO_SOURCE_FOLDER, file)));
  }
  return h.digest('hex').slice(0, 16);
}

async function pgliteTemplate(demo: boolean): Promise<string> {
  const file = path.join(os.tmpdir(), `rendime-pglite-${demo ? 'demo' : 'empty'}-${templateKey(demo)}.tar`);
  if (fs.existsSync(file)) return file;
  const database = await openPglite();
  try {
    await database.migrate();
    if (demo) await seedDemoData(database.db, { filesDir: testFilesDir(), now: TEMPLATE_NOW });
    const blob = await (database.dump as () => Promise<Blob>)();
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
    fs.renameSync(tmp, file);
  } finally {
    await database.close();
  }
  return file;
}

async function adminQuery(url: string, sqlText: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}

export function isPostgresRun(): boolean {
  return Boolean(process.env.DATABASE_URL);
}
