// Map search at scale: 100,000 active products, p50/p95 of GET /products/search and
// GET /products/markers through fastify.inject, plus EXPLAIN ANALYZE showing the indexes used.
// The dated searches (issue 32, ADR 0047) run over the same products with reservations, vacation
// days, outside calendars' blocks, rent days and daily windows spread as an active marketplace has them.
// Runs on in-memory PGlite and, when reachable, on PostgreSQL (DATABASE_URL or 127.0.0.1:5432/test).
//   pnpm --filter infra-api bench:search [-- --products 100000 --iterations 200 --only pglite|postgres --reuse <postgres url>]
// Not a timed test: it prints figures for the issue notes.
import { performance } from 'node:perf_hooks';
import { sql, type SQL } from 'drizzle-orm';
import { HOLDING_RESERVATION_STATUSES } from 'shared-kernel/domain';
import { ProductSearchQuery } from 'shared-kernel/schemas';
import { tallinnIsoDate } from 'shared-kernel/time';
import { buildApp } from '../src/app';
import { openPostgres, queryRows, type Database } from '../src/db/database';
import { templates } from '../src/demo/catalogue';
import { places } from '../src/demo/places';
import { seedDemoData } from '../src/demo/seed';
import { createTestClock } from '../src/lib/clock';
import { SEARCH_COUNT_CAP, SearchRepository } from '../src/repositories/search-repository';
import { searchPeriod } from '../src/services/availability/search-period';
import { createTestDatabase, testFilesDir } from '../src/testing/test-database';
import { postgresReachable } from './postgres-reachable';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const PRODUCTS = Math.min(Number(arg('products', '100000')), 1_000_000);
const ITERATIONS = Math.min(Number(arg('iterations', '200')), 5000);
const ONLY = arg('only', '');
const WARMUP = Math.min(20, ITERATIONS);
/** A database an earlier run seeded (its 100k products and their reservations), reused as it is: seeding takes minutes. */
const REUSE = arg('reuse', '');
/** Only the scenarios whose label contains this (and no EXPLAIN), for a quick before/after of a few. */
const MATCH = arg('match', '');

const SCENARIOS: [string, string][] = [
  ['name "haagis"', 'name=haagis'],
  ['name typo "hagis", cheapest first', 'name=hagis&sort=CHEAP_FIRST'],
  ['name "kaevur" (no diacritics)', 'name=kaevur'],
  ['category 4 (parent with children)', 'category=4'],
  ['25 km around Tartu, closest first', 'lat=58.378&lon=26.729&distance=25&sort=CLOSE_KM'],
  ['"haagis" within 50 km of Pärnu', 'name=haagis&lat=58.3859&lon=24.4971&distance=50&sort=CLOSE_KM'],
  ['category 1 within 30 km of Tallinn, cheapest', 'category=1&lat=59.437&lon=24.7536&distance=30&sort=CHEAP_FIRST'],
  ['no filter, newest first (page 3)', 'page=3'],
  ['markers: Tartu county box', '/products/markers?minLat=58.2&minLon=26.3&maxLat=58.6&maxLon=27.1&limit=5000'],
];

const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Searches with a period, relative to today (next Saturday, next Tuesday's hours, a week). */
function datedScenarios(now: Date): [string, string][] {
  const today = tallinnIsoDate(now);
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const saturday = addDays(today, ((6 - weekday + 7) % 7) + 7);
  const tuesday = addDays(today, ((2 - weekday + 7) % 7) + 7);
  const sat = `from=${saturday}&to=${saturday}`;
  const hours = `from=${tuesday}T10:00&to=${tuesday}T14:00`;
  const week = `from=${addDays(saturday, 2)}&to=${addDays(saturday, 8)}`;
  return [
    ['dated: Saturday, no place (newest)', sat],
    ['dated: Saturday, 25 km around Tartu, closest', `${sat}&lat=58.378&lon=26.729&distance=25&sort=CLOSE_KM`],
    ['dated: Saturday, "haagis" within 50 km of Pärnu', `${sat}&name=haagis&lat=58.3859&lon=24.4971&distance=50`],
    ['dated: hours Tue 10-14, no place', hours],
    ['dated: hours Tue 10-14, 25 km around Tartu', `${hours}&lat=58.378&lon=26.729&distance=25&sort=CLOSE_KM`],
    ['dated: hours, category 1 within 30 km of Tallinn', `${hours}&category=1&lat=59.437&lon=24.7536&distance=30`],
    ['dated: week, category 1 near Tallinn, cheapest', `${week}&category=1&lat=59.437&lon=24.7536&distance=30&sort=CHEAP_FIRST`],
    ['dated: week, 100-400 €, no place', `${week}&minPrice=100&maxPrice=400`],
    ['dated: Saturday, no place, cheapest (period price)', `${sat}&sort=CHEAP_FIRST`],
    ['per day 20-40 €, no place, cheapest', 'minPrice=20&maxPrice=40&sort=CHEAP_FIRST'],
    ['dated markers: Tartu county box, Saturday', `/products/markers?minLat=58.2&minLon=26.3&maxLat=58.6&maxLon=27.1&limit=5000&${sat}`],
  ];
}

/**
 * What takes products' time in an active marketplace: a third of them hold 1-5 reservations over
 * the next two months (holding and released), one in ten has vacation days, one in twenty follows
 * an outside calendar; rent days and daily windows vary. Dates are relative to now.
 */
export async function addAvailability(database: Database): Promise<void> {
  const db = database.db;
  const [{ n }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from reservations where hash like 'bench-%'`);
  if (n > 0) return;
  await db.execute(sql`select setseed(0.47)`);
  await db.execute(sql`
    update products set
      rent_days = case when random() < 0.4 then '{}'::text[] when random() < 0.5 then '{MONDAY,TUESDAY,WEDNESDAY,THURSDAY,FRIDAY,SATURDAY}'::text[] else rent_days end,
      start_ts = (array['08:00','09:00','07:30','10:00'])[1 + floor(random() * 4)::int],
      end_ts = (array['18:00','20:00','17:00','22:00'])[1 + floor(random() * 4)::int],
      price_hour_cents = case when random() < 0.2 then (100 + floor(random() * 3000))::int end,
      three_day_cents = case when random() < 0.2 then (400 + floor(random() * 15000))::int end,
      weekend_day_cents = case when random() < 0.1 then (400 + floor(random() * 15000))::int end
    where id > 300`);
  const statuses = sql.raw(
    `array[${[...HOLDING_RESERVATION_STATUSES, 'CANCELLED', 'FINISHED', 'DECLINED'].map((x) => `'${x}'`).join(',')}]`,
  );
  await db.execute(sql`
    insert into reservations (hash, product_id, product_owner_id, status, kind, start_ts, end_ts)
    select 'bench-' || s.id || '-' || s.i, s.id, s.user_id, s.status, 'STANDARD',
      s.day + s.hour * interval '1 hour', s.day + interval '24 hours' + s.extra * interval '1 hour'
    from (
      select p.id, p.user_id, i, (${statuses})[1 + floor(random() * 8)::int] as status,
        date_trunc('day', now()) + (i * 10 + floor(random() * 5)) * interval '1 day' as day,
        8 + floor(random() * 6) as hour, floor(random() * 72) as extra
      from products p cross join generate_series(0, 5) i
      where p.id > 300 and random() < 0.33 * (case when i < 3 then 1 else 0.4 end)
    ) s`);
  await db.execute(sql`
    insert into product_vacation_days (product_id, day)
    select distinct p.id, (now() at time zone 'Europe/Tallinn')::date + floor(random() * 60)::int
    from products p cross join generate_series(1, 3) i
    where p.id > 300 and random() < 0.1
    on conflict do nothing`);
  await db.execute(sql`
    insert into calendar_imports (product_id, url, created_ts)
    select p.id, 'https://example.test/' || p.id || '.ics', now() from products p where p.id > 300 and random() < 0.05`);
  await db.execute(sql`
    insert into calendar_blocks (import_id, product_id, start_ts, end_ts)
    select c.id, c.product_id, now() + (floor(random() * 50) * interval '1 day'), now() + ((2 + floor(random() * 50)) * interval '1 day')
    from calendar_imports c cross join generate_series(1, 2) where c.url like 'https://example.test/%'`);
  await db.execute(sql`analyze`);
}

function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { p50: q(0.5), p95: q(0.95), n: s.length };
}

/** Bulk insert inside the database (generate_series), so 100k rows take seconds, not minutes. */
export async function addProducts(database: Database, count: number): Promise<void> {
  const db = database.db;
  const names = templates.flatMap((t) => t.models.map((m) => ({ name: m, categoryId: t.categoryId })));
  const nameArr = sql.raw(`array[${names.map((n) => `'${n.name.replace(/'/g, "''")}'`).join(',')}]`);
  const catArr = sql.raw(`array[${names.map((n) => n.categoryId).join(',')}]`);
  const latArr = sql.raw(`array[${places.map((p) => p.lat).join(',')}]::float8[]`);
  const lonArr = sql.raw(`array[${places.map((p) => p.lon).join(',')}]::float8[]`);
  const [{ existing }] = await queryRows<{ existing: number }>(db, sql`select count(*)::int as existing from products`);
  const need = count - existing;
  if (need <= 0) return;
  await db.execute(sql`select setseed(0.42)`);
  const batch = 20000;
  for (let done = 0; done < need; done += batch) {
    const n = Math.min(batch, need - done);
    await db.execute(sql`
      insert into products (user_id, category_id, name, description, price_daily_cents, lat, lon, location_description, created_ts)
      select u.id, (${catArr})[k], (${nameArr})[k] || ' #' || g, 'Koormustesti toode', (500 + floor(random() * 20000))::int,
        least(59.7, greatest(57.6, (${latArr})[pl] + (random() - 0.5) * 0.5)),
        least(28.1, greatest(21.8, (${lonArr})[pl] + (random() - 0.5) * 0.9)),
        'Koormustest', now() - random() * interval '1000 days'
      from (
        select g, 1 + floor(random() * ${names.length})::int as k, 1 + floor(random() * ${places.length})::int as pl,
          1 + floor(random() * 9)::int as ui
        from generate_series(1, ${n}) g
      ) s
      join lateral (select id from users order by id offset s.ui - 1 limit 1) u on true`);
    await db.execute(sql`
      insert into product_images (product_id, file_name, title, sort_order)
      select p.id, 'demo-p' || p.category_id || '-0-cover.jpg', p.name, 0
      from products p where not exists (select 1 from product_images i where i.product_id = p.id)`);
  }
  // Each inserted product bumped its words' counters inside one 20,000-row statement, leaving a
  // dead row version per bump in the small vocabulary table; one product per transaction (the API)
  // is kept compact by HOT pruning, and PostgreSQL's autovacuum would clean this up, PGlite's not.
  await db.execute(sql`vacuum product_name_words`);
  await db.execute(sql`analyze`);
}

/** EXPLAIN ANALYZE of the statements the search runs for `query` (the typo tier when the exact one finds nothing). */
async function explain(database: Database, repo: SearchRepository, query: string): Promise<string> {
  const params = ProductSearchQuery.parse(Object.fromEntries(new URLSearchParams(query)));
  const plans: string[] = [];
  const show = async (title: string, statement: SQL) => {
    const rows = await queryRows<Record<string, string>>(
      database.db,
      sql`explain (analyze, costs off, timing off, summary off) ${statement}`,
    );
    plans.push(`-- ${title}\n${rows.map((r) => Object.values(r)[0]).join('\n')}`);
  };
  for (const mode of ['exact', 'fuzzy'] as const) {
    const plan = await repo.searchPlan(params, mode, searchPeriod(params, new Date()));
    const hits = await queryRows<{ total: number; id: number | null }>(database.db, plan.hits);
    const total = hits[0]?.total ?? 0;
    await show(`${mode}: hits (${total} counted)`, plan.hits);
    if (total > SEARCH_COUNT_CAP && plan.priceBound) {
      await show(`${mode}: price bound`, plan.priceBound);
      const [b] = await queryRows<{ bound: string | null }>(database.db, plan.priceBound);
      await show(`${mode}: page under the bound`, b.bound === null ? plan.page : plan.boundedPage(Number(b.bound)));
    } else if (total > SEARCH_COUNT_CAP) await show(`${mode}: page in sort order`, plan.page);
    else if (total > 0) await show(`${mode}: page by id`, plan.details(hits.flatMap((h) => (h.id === null ? [] : [h.id]))));
    if (total > 0 || !params.name) break;
  }
  return plans.join('\n');
}

/** The reused database, brought to the current migrations (new indexes); an empty one is seeded first and kept. */
async function openReused(url: string): Promise<Database> {
  const database = await openPostgres(url, 20);
  await database.migrate();
  const [{ n }] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from users`);
  if (n === 0) await seedDemoData(database.db, { filesDir: testFilesDir(), now: new Date() });
  return database;
}

async function run(kind: 'pglite' | 'postgres'): Promise<void> {
  if (kind === 'postgres') process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
  else delete process.env.DATABASE_URL;
  const t0 = performance.now();
  const database = kind === 'postgres' && REUSE ? await openReused(REUSE) : await createTestDatabase({ demo: true });
  try {
    await addProducts(database, PRODUCTS);
    await addAvailability(database);
    const [{ n }] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from products where not deleted`);
    const [taken] = await queryRows<{ r: number; v: number; b: number }>(
      database.db,
      sql`select (select count(*)::int from reservations) as r, (select count(*)::int from product_vacation_days) as v, (select count(*)::int from calendar_blocks) as b`,
    );
    console.log(
      `\n=== ${kind}: ${n} active products, ${taken.r} reservations, ${taken.v} vacation days, ${taken.b} blocked periods (setup ${((performance.now() - t0) / 1000).toFixed(1)} s) ===`,
    );
    const app = await buildApp({
      database,
      clock: createTestClock(new Date()),
      // No job runner: the bench's followed calendars (example.test) are not to be fetched.
      config: { filesDir: testFilesDir(), seedDemoData: false, sandboxServices: true, cookieSecure: false, jobPollMs: 0 },
    });
    const scenarios = [...SCENARIOS, ...datedScenarios(new Date())].filter(([label]) => label.includes(MATCH));
    for (const [label, query] of scenarios) {
      const url = query.startsWith('/') ? query : `/products/search?${query}&perPage=20`;
      let found = 0;
      const once = async () => {
        const r = await app.inject({ url });
        if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
        const body = r.json();
        found = Array.isArray(body) ? (body[0]?.loadedCount ?? 0) : body.markers.length;
      };
      for (let i = 0; i < WARMUP; i++) await once();
      const samples: number[] = [];
      for (let i = 0; i < ITERATIONS; i++) {
        const t = performance.now();
        await once();
        samples.push(performance.now() - t);
      }
      const s = stats(samples);
      console.log(
        `${label.padEnd(48)} p50 ${s.p50.toFixed(2).padStart(7)} ms  p95 ${s.p95.toFixed(2).padStart(7)} ms  (${found} found, n=${s.n})`,
      );
    }
    if (MATCH) return await app.close();
    const repo = new SearchRepository(database.db, '/api/files');
    for (const [label, query] of scenarios.filter(([, query]) => !query.startsWith('/'))) {
      const used = [...(await explain(database, repo, query)).matchAll(/(?:Scan(?: Backward)? using|Bitmap Index Scan on) (\w+)/g)].map(
        (m) => m[1],
      );
      console.log(`indexes ${label.padEnd(48)} ${[...new Set(used)].join(', ') || '(none)'}`);
    }
    for (const q of [
      ...datedScenarios(new Date())
        .filter(([label]) => label.includes('Saturday, no place') || label.includes('hours Tue 10-14, 25 km'))
        .map(([, query]) => query),
      'name=hagis',
      'name=haagis&lat=58.3859&lon=24.4971&distance=50&sort=CLOSE_KM',
      'category=1&lat=59.437&lon=24.7536&distance=30&sort=CHEAP_FIRST',
    ]) {
      console.log(`\nEXPLAIN ANALYZE (${kind}) ${q}:\n${await explain(database, repo, q)}`);
    }
    await app.close();
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  console.log(`search benchmark: ${PRODUCTS} products, ${ITERATIONS} iterations per scenario (inject, no network)`);
  if (ONLY !== 'postgres') await run('pglite');
  if (ONLY !== 'pglite') {
    if (await postgresReachable()) await run('postgres');
    else console.log('\n(PostgreSQL not reachable: skipped; set DATABASE_URL)');
  }
}

// Imported by ad-hoc experiments for addProducts only.
if (!process.env.SEARCH_BENCH_LIBRARY) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
