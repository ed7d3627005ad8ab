import { sql, type SQL } from 'drizzle-orm';
import { HOLDING_RESERVATION_STATUSES, holdsTime, periodsOverlap } from 'shared-kernel/domain';
import { quoteRental, tallinnLocalToEpoch } from 'shared-kernel/time';
import { queryRows } from '../src/db/database';
import { calendarBlocks, calendarImports, productVacationDays, products, reservations } from '../src/db/schema';
import { ProductSearchQuery } from 'shared-kernel/schemas';
import { dayRateFloorSql, periodFree, periodPriceCentsSql } from '../src/repositories/search-period-sql';
import { SearchRepository } from '../src/repositories/search-repository';
import { calendarRefusal, checkPeriod, type PeriodProduct } from '../src/services/availability/period-rules';
import { searchPeriod, type SearchPeriod } from '../src/services/availability/search-period';
import { createTestApp, demoUserIds, type TestContext } from '../src/testing/test-app';

// Issue 32 / ADR 0047: the dated search's SQL must say exactly what booking says. Many generated
// products (rent days, odd daily windows, vacation days, reservations in every status, go-kart
// bookings, outside calendars' blocks, every price tier, owners with and without VAT) and periods
// (both DST changes included) are judged both ways: by the search's SQL, and by booking's
// checkPeriod / calendarRefusal plus the overlap rule of reservations_no_overlap and blockedDuring.

/** Thousands of luxon readings: slow on a busy machine, not stuck. */
const SLOW = 240_000;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ demo: true });
});
afterAll(async () => {
  await ctx.close();
});

/** A small deterministic generator, so a failure repeats. */
function prng(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
    chance: (p: number) => next() < p,
  };
}

const WEEKDAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
const WINDOWS = ['08:00', '18:00', '8:00', '00:00', '24:00', '10:30', '17:45', ' 09:00', '23:59', '12:00', 'x', '', '25:00', '07:60'];
/** Around both DST changes (2025-10-26, 2026-03-29) and ordinary weeks. */
const DAYS = [
  '2025-06-06',
  '2025-06-07',
  '2025-06-09',
  '2025-10-24',
  '2025-10-25',
  '2025-10-26',
  '2025-10-27',
  '2026-03-27',
  '2026-03-28',
  '2026-03-29',
  '2026-03-30',
  '2025-12-31',
];
const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

interface Generated extends PeriodProduct {
  id: number;
  vatLiable: boolean;
  prices: {
    hourCents: number | null;
    dayCents: number | null;
    threeDayCents: number | null;
    weekCents: number | null;
    twoWeekCents: number | null;
    monthCents: number | null;
    weekendDayCents: number | null;
  };
  taken: { startMs: number; endMs: number; status: string; kind: string }[];
  blocks: { startMs: number; endMs: number }[];
}

const NOW = new Date('2025-06-02T09:00:00Z');
let generated: Generated[] = [];

beforeAll(async () => {
  const db = ctx.database.db;
  const r = prng(32);
  const ids = await demoUserIds(ctx);
  const owners = [
    { id: ids.privateOwner, vatLiable: false },
    { id: ids.businessOwner, vatLiable: true },
  ];
  const [{ category }] = await queryRows<{ category: number }>(db, sql`select min(id)::int as category from categories`);
  const price = () => (r.chance(0.35) ? null : r.chance(0.1) ? 0 : r.int(1, 40_000));
  for (let i = 0; i < 160; i++) {
    const owner = r.pick(owners);
    const rentDays = r.chance(0.25) ? [] : WEEKDAYS.filter(() => r.chance(0.7));
    const prices = {
      hourCents: price(),
      dayCents: r.chance(0.8) ? r.int(100, 20_000) : null,
      threeDayCents: price(),
      weekCents: price(),
      twoWeekCents: price(),
      monthCents: price(),
      weekendDayCents: price(),
    };
    const [row] = await db
      .insert(products)
      .values({
        userId: owner.id,
        categoryId: category,
        name: `Võrdlustoode ${i}`,
        rentDays,
        startTs: r.pick(WINDOWS),
        endTs: r.pick(WINDOWS),
        priceHourCents: prices.hourCents,
        priceDailyCents: prices.dayCents,
        threeDayCents: prices.threeDayCents,
        aWeekCents: prices.weekCents,
        twoWeekCents: prices.twoWeekCents,
        monthCents: prices.monthCents,
        weekendDayCents: prices.weekendDayCents,
      })
      .returning({ id: products.id, startTs: products.startTs, endTs: products.endTs });
    const vacationDays = [...new Set(DAYS.filter(() => r.chance(0.08)).map((d) => addDays(d, r.int(-1, 1))))];
    if (vacationDays.length) await db.insert(productVacationDays).values(vacationDays.map((day) => ({ productId: row.id, day })));
    // Reservations one after another (holding ones may not overlap), in every status and kind.
    const taken: Generated['taken'] = [];
    let at = tallinnLocalToEpoch(`${r.pick(DAYS)}T${String(r.int(0, 23)).padStart(2, '0')}:00`);
    for (let k = r.int(0, 4); k > 0; k--) {
      at += r.int(0, 40) * 30 * 60_000;
      const end = at + r.int(1, 60) * 30 * 60_000;
      const status = r.chance(0.6) ? r.pick(HOLDING_RESERVATION_STATUSES) : r.pick(['DECLINED', 'CANCELLED', 'FINISHED', 'TERMINATED']);
      const kind = r.chance(0.1) ? 'GOKART' : r.pick(['STANDARD', 'AUTOMATED', 'MANUAL']);
      taken.push({ startMs: at, endMs: end, status, kind });
      at = end;
    }
    if (taken.length) {
      await db.insert(reservations).values(
        taken.map((t, n) => ({
          hash: `diff-${row.id}-${n}`,
          productId: row.id,
          productOwnerId: owner.id,
          status: t.status as 'REQUESTED',
          kind: t.kind as 'STANDARD',
          startTs: new Date(t.startMs),
          endTs: new Date(t.endMs),
        })),
      );
    }
    const blocks: Generated['blocks'] = [];
    if (r.chance(0.3)) {
      const [imp] = await db
        .insert(calendarImports)
        .values({ productId: row.id, url: `https://example.test/${row.id}.ics`, createdTs: NOW })
        .returning({ id: calendarImports.id });
      for (let k = r.int(1, 3); k > 0; k--) {
        const start = tallinnLocalToEpoch(`${r.pick(DAYS)}T${String(r.int(0, 23)).padStart(2, '0')}:${r.pick(['00', '30'])}`);
        blocks.push({ startMs: start, endMs: start + r.int(1, 96) * 30 * 60_000 });
      }
      await db
        .insert(calendarBlocks)
        .values(blocks.map((b) => ({ importId: imp.id, productId: row.id, startTs: new Date(b.startMs), endTs: new Date(b.endMs) })));
    }
    generated.push({
      id: row.id,
      vatLiable: owner.vatLiable,
      rentDays,
      vacationDays,
      startTs: row.startTs,
      endTs: row.endTs,
      prices,
      taken,
      blocks,
    });
  }
  generated = generated.sort((a, b) => a.id - b.id);
}, SLOW);

/** Day- and hour-mode periods, many of them across a DST change. */
function periods(): { from: string; to: string }[] {
  const r = prng(47);
  const list: { from: string; to: string }[] = [];
  for (const day of DAYS) {
    for (let k = 0; k < 3; k++) list.push({ from: addDays(day, r.int(-1, 0)), to: addDays(day, r.int(0, 20)) });
    for (let k = 0; k < 6; k++) {
      const startMinute = r.int(0, 47) * 30;
      const length = r.pick([30, 60, 120, 240, 600, 1440, 1500, 2880, 4320, 10_080, 20_160, 43_200]);
      const from = `${day}T${String(Math.floor(startMinute / 60)).padStart(2, '0')}:${String(startMinute % 60).padStart(2, '0')}`;
      const endTotal = startMinute + length;
      const endDay = addDays(day, Math.floor(endTotal / 1440));
      const endMinute = endTotal % 1440;
      list.push({
        from,
        to: `${endDay}T${String(Math.floor(endMinute / 60)).padStart(2, '0')}:${String(endMinute % 60).padStart(2, '0')}`,
      });
    }
  }
  return list;
}

const ids = () => generated.map((g) => g.id);

/** `columns` of every generated product, in id order. */
const ofGenerated = <T>(columns: SQL) =>
  queryRows<T>(
    ctx.database.db,
    sql`select p.id, ${columns} from products p where p.id in (${sql.join(
      ids().map((id) => sql`${id}`),
      sql`, `,
    )}) order by p.id`,
  );

/** Booking's answer: the calendar rules, the exclusion constraint's overlap, the outside calendars' blocks. */
function bookingAllows(g: Generated, period: SearchPeriod): boolean {
  const span = { startMs: period.startMs, endMs: period.endMs };
  return (
    calendarRefusal(g, period.facts, { hours: period.hours }) === null &&
    !g.taken.some((t) => holdsTime(t.status) && t.kind !== 'GOKART' && periodsOverlap(t, span)) &&
    !g.blocks.some((b) => periodsOverlap(b, span))
  );
}

describe('the dated search agrees with booking', () => {
  it(
    'finds exactly the products booking would take for the period (hour mode directly, day mode over the whole days)',
    async () => {
      let found = 0;
      let hidden = 0;
      const all = periods();
      expect(all.some((p) => p.from.includes('T'))).toBe(true);
      for (const q of all) {
        const period = searchPeriod(q, NOW);
        if (!period) throw new Error(`no period for ${JSON.stringify(q)}`);
        const rows = await queryRows<{ id: number }>(
          ctx.database.db,
          sql`select p.id from products p where p.id in (${sql.join(
            ids().map((id) => sql`${id}`),
            sql`, `,
          )}) and ${periodFree(period)} order by p.id`,
        );
        const expected = generated.filter((g) => bookingAllows(g, period)).map((g) => g.id);
        expect([q, rows.map((row) => row.id)]).toEqual([q, expected]);
        found += expected.length;
        hidden += generated.length - expected.length;
        // The calendar half is booking's own checkPeriod: hour mode exactly the booking of the period;
        // day mode, with any hours, the booking from the first day's start to the start of the day
        // after the last, the return morning the booking panel picks.
        for (const g of generated.filter((_, i) => i % 3 === 0)) {
          const calendar = calendarRefusal(g, period.facts, { hours: period.hours }) === null;
          const booking =
            period.mode === 'hour'
              ? checkPeriod(g, period.startMs, period.endMs, NOW.getTime())
              : checkPeriod({ ...g, startTs: '00:00', endTs: '24:00' }, period.startMs, period.endMs, NOW.getTime());
          expect([q, g.id, calendar]).toEqual([q, g.id, booking === null]);
        }
      }
      // The generated data reaches both answers often, so neither side can pass by being constant.
      expect(found).toBeGreaterThan(500);
      expect(hidden).toBeGreaterThan(500);
    },
    SLOW,
  );

  it(
    "prices every product for the period as quoteRental does (the booking's price), whole days never below days × the day-rate floor",
    async () => {
      let priced = 0;
      let bounded = 0;
      for (const q of periods()) {
        const period = searchPeriod(q, NOW)!;
        const rows = await ofGenerated<{ id: number; cents: string | number | null; rate: number | null }>(
          sql`${periodPriceCentsSql(period)} as cents, ${dayRateFloorSql(period.span)} as rate`,
        );
        const expected = generated.map((g) => {
          const quote = quoteRental({ prices: g.prices, startMs: period.startMs, endMs: period.endMs, ownerVatLiable: g.vatLiable });
          return { id: g.id, cents: quote ? quote.totalCents : null };
        });
        expect([q, rows.map((row) => ({ id: row.id, cents: row.cents === null ? null : Number(row.cents) }))]).toEqual([q, expected]);
        priced += expected.filter((e) => e.cents !== null).length;
        // The bound the cheapest-first page and a maximum price walk an index by (ADR 0047): a priced
        // whole-day period has a day-rate floor, and its days times that floor never exceed the price.
        for (const row of period.span.sameDay ? [] : rows.filter((r) => r.cents !== null)) {
          expect([q, row.id, row.rate !== null && period.span.days * row.rate <= Number(row.cents)]).toEqual([q, row.id, true]);
          bounded++;
        }
      }
      expect(priced).toBeGreaterThan(1000);
      expect(bounded).toBeGreaterThan(1000);
    },
    SLOW,
  );

  it(
    'pages a cheapest-first dated search over the count cap exactly as pricing and sorting every hit would',
    async () => {
      // A cap of 3 sends these searches to the page statement, as a search over thousands of hits goes.
      const repo = new SearchRepository(ctx.database.db, '/files', { countCap: 3 });
      let boundedPages = 0;
      for (const q of periods().filter((_, i) => i % 4 === 0)) {
        for (const page of [0, 2]) {
          const parsed = ProductSearchQuery.parse({ ...q, sort: 'CHEAP_FIRST', perPage: '5', page: String(page) });
          const period = searchPeriod(parsed, NOW)!;
          const plan = await repo.searchPlan(parsed, 'exact', period);
          const everyHit = (await queryRows<{ id: number }>(ctx.database.db, plan.page)).map((r) => r.id);
          const found = (await repo.search(parsed, period)).map((item) => item.id);
          expect([q, page, found]).toEqual([q, page, everyHit]);
          if (plan.priceBound) {
            const [bound] = await queryRows<{ bound: string | null }>(ctx.database.db, plan.priceBound);
            const underBound = (await queryRows<{ id: number }>(ctx.database.db, plan.boundedPage(Number(bound.bound)))).map((r) => r.id);
            expect([q, page, underBound]).toEqual([q, page, everyHit]);
            boundedPages++;
          }
        }
      }
      expect(boundedPages).toBeGreaterThan(10);
    },
    SLOW,
  );
});
