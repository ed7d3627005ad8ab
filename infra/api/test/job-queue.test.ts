import { eq, inArray, sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { notifications, products, reservations, users } from '../src/db/schema';
import { newReservationHash } from '../src/repositories/reservation-repository';
import { JobRepository } from '../src/repositories/job-repository';
import { backoffMs, JobRunner } from '../src/services/jobs/job-runner';
import { createTestApp, type TestContext } from '../src/testing/test-app';
import { testFilesDir } from '../src/testing/test-database';
import type { FastifyInstance } from 'fastify';

// Issue 26 (ADR 0029): one job queue for every replica. Two app instances on one database run
// the minute jobs at the same time, and each due job, and each stale request, is handled once.

let ctx: TestContext;
let second: FastifyInstance;

beforeAll(async () => {
  ctx = await createTestApp({ demo: true });
  // A second replica: its own app (plugins, job runner, clock reading) on the same database.
  second = await buildApp({
    database: ctx.database,
    clock: ctx.clock,
    config: { filesDir: testFilesDir(), seedDemoData: false, sandboxServices: true, cookieSecure: false, rateLimits: false },
  });
});

afterAll(async () => {
  await second.close();
  await ctx.close();
});

async function staleRequests(count: number): Promise<number[]> {
  const db = ctx.database.db;
  const [renter] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'rentija@rendime.ee'));
  const owned = await db
    .select({ id: products.id, ownerId: products.userId })
    .from(products)
    .where(eq(products.deleted, false))
    .orderBy(products.id)
    .limit(40);
  const chosen = owned.filter((p) => p.ownerId !== renter.id).slice(0, count);
  const now = ctx.clock.now().getTime();
  const rows = await db
    .insert(reservations)
    .values(
      chosen.map((p) => ({
        hash: newReservationHash(),
        productId: p.id,
        userId: renter.id,
        productOwnerId: p.ownerId,
        kind: 'STANDARD' as const,
        status: 'REQUESTED' as const,
        // Far in the past: nothing else of these products overlaps it.
        startTs: new Date(now - 400 * 86_400_000),
        endTs: new Date(now - 399 * 86_400_000),
        priceCents: 1000,
        vatRateBp: 0,
        createdTs: new Date(now - 401 * 86_400_000),
        updatedTs: new Date(now - 401 * 86_400_000),
      })),
    )
    .returning({ id: reservations.id });
  return rows.map((r) => r.id);
}

describe('the job queue across replicas', () => {
  it('two instances ticking at once decline each stale request once and run each minute job once', async () => {
    ctx.clock.set('2025-07-01T09:00:10Z');
    const stale = await staleRequests(3);
    expect(stale).toHaveLength(3);
    await Promise.all([ctx.app.jobs.tick(), second.jobs.tick(), ctx.app.jobs.tick(), second.jobs.tick()]);

    const rows = await ctx.database.db.select({ status: reservations.status }).from(reservations).where(inArray(reservations.id, stale));
    expect(rows.map((r) => r.status)).toEqual(['DECLINED_BY_SYSTEM', 'DECLINED_BY_SYSTEM', 'DECLINED_BY_SYSTEM']);
    // One notice per declined request: the sweep ran once for them, on one of the two replicas.
    const notesPer = async (id: number) =>
      (
        await ctx.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(notifications)
          .where(sql`${notifications.referenceList} @> ${JSON.stringify([{ type: 'RESERVATION', referenceId: id }])}::jsonb`)
      )[0].n;
    expect(await Promise.all(stale.map(notesPer))).toEqual([1, 1, 1]);
    const runs = await ctx.database.db.execute(
      sql`select name, key, attempts, done_ts is not null as done from jobs where key = ${String(Math.floor(ctx.clock.now().getTime() / 60_000))} order by name`,
    );
    expect((runs as unknown as { rows: { name: string; attempts: number; done: boolean }[] }).rows).toEqual([
      { name: 'money.sweep', key: expect.any(String), attempts: 1, done: true },
      { name: 'reservations.sweep', key: expect.any(String), attempts: 1, done: true },
    ]);
  });

  it('runs a recurring handler exactly once per period however many replicas tick, and again in the next period', async () => {
    const runs: string[] = [];
    const runners = [ctx.app, second, ctx.app, second].map((app, i) => {
      const runner = new JobRunner(new JobRepository(ctx.database.db), ctx.clock, app.log);
      runner.recurring({ name: 'test.count', everyMs: 60_000, run: async () => void runs.push(`replica ${i % 2}`) });
      return runner;
    });
    ctx.clock.set('2025-07-01T10:00:05Z');
    await Promise.all(runners.map((r) => r.tick()));
    await Promise.all(runners.map((r) => r.tick()));
    expect(runs).toHaveLength(1);
    ctx.clock.advance(60_000);
    await Promise.all(runners.map((r) => r.tick()));
    expect(runs).toHaveLength(2);
  });

  it('retries a failing job with backoff, records its last error, and gives up after its attempts', async () => {
    const repo = new JobRepository(ctx.database.db);
    const runner = new JobRunner(repo, ctx.clock, ctx.app.log);
    const seen: number[] = [];
    runner.handle('test.flaky', async (payload, job) => {
      seen.push(job.attempt);
      expect(payload).toEqual({ to: 'x' });
      if (job.attempt < 2) throw new Error('mail server down');
    });
    runner.handle('test.broken', async () => {
      throw new Error('always');
    });
    ctx.clock.set('2025-07-02T10:00:00Z');
    await repo.enqueue({ name: 'test.flaky', payload: { to: 'x' }, runAt: ctx.clock.now() });
    await repo.enqueue({ name: 'test.broken', runAt: ctx.clock.now(), maxAttempts: 2 });
    expect(await runner.tick()).toBe(2);
    expect(seen).toEqual([1]);
    // Not again before its backoff has passed.
    ctx.clock.advance(backoffMs(1) - 1);
    expect(await runner.tick()).toBe(0);
    ctx.clock.advance(1);
    expect(await runner.tick()).toBe(2);
    expect(seen).toEqual([1, 2]);
    ctx.clock.advance(3_600_000);
    expect(await runner.tick()).toBe(0);
    const rows = await ctx.database.db.execute(
      sql`select name, attempts, last_error, done_ts is not null as done from jobs where name like 'test.%' and key is null order by name`,
    );
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([
      { name: 'test.broken', attempts: 2, last_error: 'always', done: true },
      { name: 'test.flaky', attempts: 2, last_error: null, done: true },
    ]);
  });
});
