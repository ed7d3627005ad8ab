// Median latency of a booking request (POST /reservations/product/{id}) through fastify.inject, on
// PGlite by default or on PostgreSQL with DATABASE_URL: granted requests (each on another product),
// refused ones (UNAVAILABLE from the exclusion constraint) and the reservation price read.
//   pnpm --filter infra-api bench:booking [-- --iterations 200]
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { queryRows } from '../src/db/database';
import { createTestClock } from '../src/lib/clock';
import { createTestDatabase, testFilesDir } from '../src/testing/test-database';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};

function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { median: q(0.5), p95: q(0.95), n: s.length };
}

async function main(): Promise<void> {
  const database = await createTestDatabase({ demo: true });
  const clock = createTestClock('2025-06-02T09:00:00Z');
  const app = await buildApp({
    database,
    clock,
    config: { filesDir: testFilesDir(), seedDemoData: false, sandboxServices: true, cookieSecure: false },
  });
  const db = database.db;
  // Every demo product open every day 08–18, so only overlap decides.
  await db.execute(
    sql`update products set rent_days = '{MONDAY,TUESDAY,WEDNESDAY,THURSDAY,FRIDAY,SATURDAY,SUNDAY}', start_ts = '08:00', end_ts = '18:00'`,
  );
  await db.execute(sql`delete from product_vacation_days`);
  // The demo's own requests would answer PENDING_RESERVATION for the renter: measure on a clean calendar.
  await db.execute(sql`update reservations set status = 'CANCELLED'`);
  const [renter] = await queryRows<{ id: number }>(db, sql`select id from users where username = 'rentija@rendime.ee'`);
  const ids = (
    await queryRows<{ id: number }>(
      db,
      sql`select id from products where not deleted and inactive_reason is null and price_daily_cents > 0 and user_id <> ${renter.id} and id <> 229 order by id`,
    )
  ).map((r) => r.id);
  const iterations = Math.min(arg('iterations', 200), ids.length);
  const token = await app.sessionRepository.create(renter.id, clock.now());
  const headers = { cookie: `rendime_sid=${token}` };
  const payload = { startTs: '2025-06-10T08:00:00+03:00', endTs: '2025-06-13T08:00:00+03:00' };

  const granted: number[] = [];
  const reservationIds: [number, number][] = [];
  for (let i = 0; i < iterations; i++) {
    const t = performance.now();
    const r = await app.inject({ method: 'POST', url: `/reservations/product/${ids[i]}`, headers, payload });
    granted.push(performance.now() - t);
    if (r.statusCode !== 201) throw new Error(`product ${ids[i]}: ${r.statusCode} ${r.body}`);
    reservationIds.push([r.json().id, ids[i]]);
  }
  const other = await app.sessionRepository.create(
    (await queryRows<{ id: number }>(db, sql`select id from users where username = 'kadri@rendime.ee'`))[0].id,
    clock.now(),
  );
  const refused: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t = performance.now();
    const r = await app.inject({
      method: 'POST',
      url: `/reservations/product/${ids[i]}`,
      headers: { cookie: `rendime_sid=${other}` },
      payload,
    });
    refused.push(performance.now() - t);
    if (r.statusCode !== 409 && r.statusCode !== 400) throw new Error(`expected a refusal, got ${r.statusCode} ${r.body}`);
  }
  const priced: number[] = [];
  for (const [id, productId] of reservationIds) {
    const t = performance.now();
    const r = await app.inject({ url: `/reservations/${id}/product/${productId}/price`, headers });
    priced.push(performance.now() - t);
    if (r.statusCode !== 200) throw new Error(`price ${r.statusCode}`);
  }

  console.log(`${database.kind}, demo data, ${iterations} requests each, Node ${process.version}`);
  for (const [name, s] of [
    ['POST /reservations/product/{id} granted', stats(granted)],
    ['POST /reservations/product/{id} refused', stats(refused)],
    ['GET  /reservations/{id}/product/{p}/price', stats(priced)],
  ] as const) {
    console.log(`${name.padEnd(44)} median ${s.median.toFixed(2).padStart(7)} ms   p95 ${s.p95.toFixed(2).padStart(7)} ms`);
  }
  await app.close();
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
