import { sql } from 'drizzle-orm';
import { runWithDatabasePriority, type Database } from '../src/db/database';
import { createTestDatabase, isPostgresRun } from '../src/testing/test-database';

// Issue 15, acceptance 5: on the embedded database every statement runs on the API's own thread.
// These check the order of events, not timings: waiting I/O is served between two statements of
// one request, and a priority route's statements overtake a long run of ordinary ones.

// PGlite only: on PostgreSQL the statements run on the server's processes, not on this thread.
const onPglite = !isPostgresRun();
const pgliteIt = onPglite ? it : it.skip;

let database: Database;
beforeAll(async () => {
  // The migrated template, restored (a fresh initdb takes a minute on a busy machine).
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const statement = () => database.db.execute(sql`select count(*) from generate_series(1, 2000)`);

async function chain(n: number, done: { count: number }): Promise<void> {
  for (let i = 0; i < n; i++) {
    await statement();
    done.count += 1;
  }
}

pgliteIt('serves a timer between two statements of one long run instead of after the whole run', async () => {
  const done = { count: 0 };
  let seenAt = -1;
  setTimeout(() => (seenAt = done.count), 0);
  await chain(40, done);
  expect(seenAt).toBeGreaterThanOrEqual(0);
  expect(seenAt).toBeLessThan(40);
});

pgliteIt("puts a priority route's statements ahead of a queue of ordinary ones", async () => {
  const ordinary = { count: 0 };
  const heavy = Promise.all(Array.from({ length: 6 }, () => chain(20, ordinary)));
  await new Promise((resolve) => setImmediate(resolve));
  let ordinaryWhenDone = -1;
  await runWithDatabasePriority(async () => {
    for (let i = 0; i < 5; i++) await statement();
    ordinaryWhenDone = ordinary.count;
  });
  await heavy;
  // Without the scheduler each of the five would queue behind six ordinary ones (30).
  expect(ordinaryWhenDone).toBeLessThanOrEqual(10);
});

pgliteIt('a transaction never waits for the lane (no deadlock with a priority statement queued behind it)', async () => {
  const tx = database.db.transaction(async (t) => {
    for (let i = 0; i < 5; i++) await t.execute(sql`select 1`);
    return 'committed';
  });
  const priority = runWithDatabasePriority(() => statement());
  await expect(tx).resolves.toBe('committed');
  await expect(priority).resolves.toBeDefined();
});
