import { eq, inArray, sql } from 'drizzle-orm';
import { format, messages } from 'shared-kernel/messages';
import { MarkerList, ProductSearchQuery, Reservation, SearchResultList, type SearchResultItem } from 'shared-kernel/schemas';
import { quoteRental, tallinnLocalToEpoch } from 'shared-kernel/time';
import { queryRows } from '../src/db/database';
import { SearchRepository } from '../src/repositories/search-repository';
import { searchPeriod } from '../src/services/availability/search-period';
import { calendarBlocks, calendarImports, productVacationDays, products, reservations } from '../src/db/schema';
import { bookableDemoProduct, demoCast, type DemoCast, type TestContext, type TestWho } from '../src/testing/test-app';
import { createTestApp } from '../src/testing/test-app';

// Issue 32, acceptance 1-2 and 5 for the dated and priced search (ADR 0047). The test clock stands
// at Monday 2 June 2025, 12:00 in Tallinn; Saturday is 7 June.

let ctx: TestContext;
let cast: DemoCast<TestWho>;
const TARTU = { lat: 58.378, lon: 26.729 };
const NEAR = `name=paevatest&lat=${TARTU.lat}&lon=${TARTU.lon}&distance=10`;
const BOX = 'minLat=58.3&minLon=26.6&maxLat=58.45&maxLon=26.85&name=paevatest';

/** The test's products by role: two trailers, an hourly product, one with a vacation day, one an outside calendar blocks, a VAT owner's one. */
const p = { free: 0, booked: 0, hourly: 0, vacation: 0, blocked: 0, vat: 0 };

async function place(id: number, name: string, offset: number): Promise<void> {
  await ctx.database.db
    .update(products)
    .set({ name, lat: TARTU.lat + offset, lon: TARTU.lon + offset })
    .where(eq(products.id, id));
}

const book = async (who: TestWho, productId: number, startTs: string, endTs: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/reservations/product/${productId}`,
    headers: { ...(await cast.as(who)), 'content-type': 'application/json' },
    payload: JSON.stringify({ startTs, endTs }),
  });

beforeAll(async () => {
  ctx = await createTestApp({ demo: true });
  cast = await demoCast(ctx);
  const owner = cast.ids.owner;
  p.free = await bookableDemoProduct(ctx, owner, { priceDailyCents: 2500 }, 0);
  p.booked = await bookableDemoProduct(ctx, owner, { priceDailyCents: 3000 }, 1);
  p.hourly = await bookableDemoProduct(ctx, owner, { priceHourCents: 500, priceDailyCents: 3500 }, 2);
  p.vacation = await bookableDemoProduct(ctx, owner, { priceDailyCents: 2000 }, 3);
  p.blocked = await bookableDemoProduct(ctx, owner, { priceDailyCents: 2200 }, 4);
  p.vat = await bookableDemoProduct(ctx, cast.ids.business, { priceDailyCents: 3000, weekendDayCents: 2000, threeDayCents: 2500 }, 0);
  await place(p.free, 'Päevatest haagis vaba', 0.01);
  await place(p.booked, 'Päevatest haagis broneeritud', 0.02);
  await place(p.hourly, 'Päevatest tunnihind', 0.03);
  await place(p.vacation, 'Päevatest puhkusega', 0.04);
  await place(p.blocked, 'Päevatest välise kalendriga', -0.01);
  await place(p.vat, 'Päevatest käibemaksuga', -0.02);
  // Demo reservations of these products would hold time the test does not know of.
  await ctx.database.db
    .update(reservations)
    .set({ status: 'CANCELLED' })
    .where(inArray(reservations.productId, Object.values(p)));
  // Saturday 10-16 requested by a renter: a REQUESTED reservation holds its time.
  expect((await book('renter', p.booked, '2025-06-07T10:00:00+03:00', '2025-06-07T16:00:00+03:00')).statusCode).toBe(201);
  expect((await book('renter', p.hourly, '2025-06-10T10:00:00+03:00', '2025-06-10T12:00:00+03:00')).statusCode).toBe(201);
  await ctx.database.db.insert(productVacationDays).values({ productId: p.vacation, day: '2025-06-14' });
  const [imp] = await ctx.database.db
    .insert(calendarImports)
    .values({ productId: p.blocked, url: 'https://example.test/other.ics', createdTs: ctx.clock.now() })
    .returning({ id: calendarImports.id });
  await ctx.database.db.insert(calendarBlocks).values({
    importId: imp.id,
    productId: p.blocked,
    startTs: new Date('2025-06-14T07:00:00Z'),
    endTs: new Date('2025-06-14T11:00:00Z'),
  });
});
afterAll(async () => {
  await ctx.close();
});

async function search(query: string, headers: Record<string, string> = {}): Promise<SearchResultItem[]> {
  const res = await ctx.app.inject({ url: `/products/search?${query}&perPage=100`, headers });
  expect({ query, status: res.statusCode, body: res.statusCode === 200 ? '' : res.body }).toEqual({ query, status: 200, body: '' });
  return SearchResultList.parse(res.json());
}
const ids = async (query: string) => (await search(query)).map((x) => x.id).sort((a, b) => a - b);
const markerIds = async (query: string) => {
  const res = await ctx.app.inject({ url: `/products/markers?${query}` });
  expect({ query, status: res.statusCode }).toEqual({ query, status: 200 });
  return MarkerList.parse(res.json())
    .markers.map((m) => m.id)
    .sort((a, b) => a - b);
};

describe('search by dates (issue 32, acceptance 1)', () => {
  it('a search for Saturday lists and maps only the trailer free that day; without dates both', async () => {
    const saturday = 'from=2025-06-07&to=2025-06-07';
    const dated = await ids(`${NEAR}&${saturday}`);
    expect(dated).toContain(p.free);
    expect(dated).not.toContain(p.booked);
    const undated = await ids(NEAR);
    expect(undated).toEqual(expect.arrayContaining([p.free, p.booked]));
    expect(await markerIds(`${BOX}&${saturday}`)).toEqual(dated);
    expect(await markerIds(BOX)).toEqual(undated);
    // Friday to Sunday touches the booked Saturday too; Friday alone does not.
    expect(await ids(`${NEAR}&from=2025-06-06&to=2025-06-08`)).not.toContain(p.booked);
    expect(await ids(`${NEAR}&from=2025-06-06&to=2025-06-06`)).toContain(p.booked);
  });

  it('days are the days the booking panel books: handover on the first, return the morning after the last, which must be a rent day', async () => {
    const before = (await ctx.database.db.select({ d: products.rentDays }).from(products).where(eq(products.id, p.free)))[0].d;
    await ctx.database.db
      .update(products)
      .set({ rentDays: ['FRIDAY', 'SATURDAY', 'SUNDAY'] })
      .where(eq(products.id, p.free));
    try {
      // Saturday: back on Sunday morning. Saturday and Sunday: back on a Monday, which it does not rent.
      expect(await ids(`${NEAR}&from=2025-06-07&to=2025-06-07`)).toContain(p.free);
      expect(await ids(`${NEAR}&from=2025-06-07&to=2025-06-08`)).not.toContain(p.free);
      expect(await ids(`${NEAR}&from=2025-06-06&to=2025-06-07`)).toContain(p.free);
    } finally {
      await ctx.database.db.update(products).set({ rentDays: before }).where(eq(products.id, p.free));
    }
  });

  it('filters hourly products by the hours: booked 10-12, found for 13-15 and not for 11-13', async () => {
    expect(await ids(`${NEAR}&from=2025-06-10T13:00&to=2025-06-10T15:00`)).toContain(p.hourly);
    expect(await ids(`${NEAR}&from=2025-06-10T11:00&to=2025-06-10T13:00`)).not.toContain(p.hourly);
    expect(await ids(`${NEAR}&from=2025-06-10T12:00&to=2025-06-10T14:00`)).toContain(p.hourly);
    // The whole day holds the booked hours; outside the product's 08:00-18:00 nothing is found.
    expect(await ids(`${NEAR}&from=2025-06-10&to=2025-06-10`)).not.toContain(p.hourly);
    expect(await ids(`${NEAR}&from=2025-06-11T17:00&to=2025-06-11T19:00`)).toEqual([]);
    expect(await markerIds(`${BOX}&from=2025-06-10T11:00&to=2025-06-10T13:00`)).not.toContain(p.hourly);
    expect(await markerIds(`${BOX}&from=2025-06-10T13:00&to=2025-06-10T15:00`)).toContain(p.hourly);
  });
});

describe('vacation days and outside calendars (issue 32, acceptance 2)', () => {
  it('hide the product from a search over that day, and booking it then is refused', async () => {
    const saturday = await ids(`${NEAR}&from=2025-06-14&to=2025-06-14`);
    expect(saturday).not.toContain(p.vacation);
    expect(saturday).not.toContain(p.blocked);
    expect(await markerIds(`${BOX}&from=2025-06-14&to=2025-06-14`)).toEqual(saturday);
    expect(await ids(`${NEAR}&from=2025-06-13&to=2025-06-13`)).toEqual(expect.arrayContaining([p.vacation, p.blocked]));
    // The outside calendar holds 10:00-14:00 only; the vacation day the whole date.
    const afternoon = await ids(`${NEAR}&from=2025-06-14T15:00&to=2025-06-14T17:00`);
    expect(afternoon).toContain(p.blocked);
    expect(afternoon).not.toContain(p.vacation);

    const vacation = await book('renter', p.vacation, '2025-06-14T10:00:00+03:00', '2025-06-14T12:00:00+03:00');
    expect({ status: vacation.statusCode, code: vacation.json().code }).toEqual({ status: 409, code: 'IS_VACATION_DAY' });
    const blocked = await book('renter', p.blocked, '2025-06-14T10:00:00+03:00', '2025-06-14T12:00:00+03:00');
    expect({ status: blocked.statusCode, code: blocked.json().code }).toEqual({ status: 409, code: 'UNAVAILABLE' });
  });
});

describe('search by price', () => {
  it('filters per day by the whole euros a card shows (with VAT), without a period', async () => {
    const all = await search(NEAR);
    const vat = all.find((x) => x.id === p.vat)!;
    expect(vat.displayPrice).toBeGreaterThan(30); // 30 € net plus the owner's VAT
    expect(await ids(`${NEAR}&minPrice=26`)).not.toContain(p.free);
    expect(await ids(`${NEAR}&maxPrice=25`)).toContain(p.free);
    expect(await ids(`${NEAR}&minPrice=25&maxPrice=25`)).toEqual([p.free]);
    expect(await ids(`${NEAR}&minPrice=${vat.displayPrice}&maxPrice=${vat.displayPrice}`)).toContain(p.vat);
    expect(await ids(`${NEAR}&maxPrice=${vat.displayPrice! - 1}`)).not.toContain(p.vat);
    for (const x of await search(`${NEAR}&minPrice=21&maxPrice=31`)) expect(x.displayPrice).toBeGreaterThanOrEqual(21);
    expect(all.every((x) => x.periodPrice === null)).toBe(true);
    expect(await markerIds(`${BOX}&maxPrice=25`)).toEqual(await ids(`${NEAR}&maxPrice=25`));
  });

  it('prices the period as booking does, filters and sorts by that price, and POST charges it', async () => {
    const period = 'from=2025-06-06&to=2025-06-08';
    const found = await search(`${NEAR}&${period}`);
    const start = tallinnLocalToEpoch('2025-06-06');
    const end = tallinnLocalToEpoch('2025-06-09');
    for (const x of found) {
      const row = (await ctx.database.db.select().from(products).where(eq(products.id, x.id)))[0];
      const quote = quoteRental({
        prices: {
          hourCents: row.priceHourCents,
          dayCents: row.priceDailyCents,
          threeDayCents: row.threeDayCents,
          weekCents: row.aWeekCents,
          twoWeekCents: row.twoWeekCents,
          monthCents: row.monthCents,
          weekendDayCents: row.weekendDayCents,
        },
        startMs: start,
        endMs: end,
        ownerVatLiable: x.id === p.vat,
      });
      expect({ id: x.id, periodPrice: x.periodPrice }).toEqual({ id: x.id, periodPrice: quote ? quote.totalCents / 100 : null });
    }
    const vat = found.find((x) => x.id === p.vat)!;
    // Three days at the three-day price, 25 € net, plus VAT of 6 June 2025 (22 %).
    expect(vat.periodPrice).toBe(91.5);
    expect(found.find((x) => x.id === p.free)!.periodPrice).toBe(75);

    const cheap = await search(`${NEAR}&${period}&sort=CHEAP_FIRST`);
    const dear = await search(`${NEAR}&${period}&sort=CHEAP_LAST`);
    const prices = (list: SearchResultItem[]) => list.map((x) => x.periodPrice ?? Infinity);
    expect(prices(cheap)).toEqual([...prices(cheap)].sort((a, b) => a - b));
    expect(prices(dear)).toEqual([...prices(dear)].sort((a, b) => b - a));
    expect(cheap.length).toBeGreaterThan(3);
    // Not the daily order: the hourly product's day is cheaper than the VAT owner's, its three days are dearer.
    expect(cheap.map((x) => x.id)).not.toEqual([...cheap].sort((a, b) => (a.displayPrice ?? 0) - (b.displayPrice ?? 0)).map((x) => x.id));

    expect(await ids(`${NEAR}&${period}&minPrice=80`)).toContain(p.vat);
    expect(await ids(`${NEAR}&${period}&minPrice=80`)).not.toContain(p.free);
    expect(await ids(`${NEAR}&${period}&maxPrice=91`)).not.toContain(p.vat);
    expect(await ids(`${NEAR}&${period}&maxPrice=92`)).toContain(p.vat);
    expect(await markerIds(`${BOX}&${period}&maxPrice=91`)).toEqual(await ids(`${NEAR}&${period}&maxPrice=91`));

    // Booking it for those days (Friday's opening hour to Sunday's closing) charges exactly that.
    const res = await book('renter', p.vat, '2025-06-06T08:00:00+03:00', '2025-06-08T18:00:00+03:00');
    expect(res.statusCode).toBe(201);
    const reservation = Reservation.parse(res.json());
    expect(reservation.price.total).toBe(vat.periodPrice);
    expect(await ids(`${NEAR}&${period}`)).not.toContain(p.vat);
  });

  it('says what the period price is for, and the map markers carry the same price (issue 32)', async () => {
    const hours = 'from=2025-06-11T10:00&to=2025-06-11T14:30';
    const found = await search(`${NEAR}&${hours}`);
    // The hourly product: 5 started hours at 5 €. One without an hourly price: its day.
    expect(found.find((x) => x.id === p.hourly)).toMatchObject({ periodPrice: 25, periodUnits: { unit: 'hours', count: 5 } });
    expect(found.find((x) => x.id === p.free)).toMatchObject({ periodPrice: 25, periodUnits: { unit: 'days', count: 1 } });
    const days = 'from=2025-06-06&to=2025-06-08';
    const listed = await search(`${NEAR}&${days}`);
    expect(listed.find((x) => x.id === p.free)!.periodUnits).toEqual({ unit: 'days', count: 3 });
    const res = await ctx.app.inject({ url: `/products/markers?${BOX}&${days}` });
    const markers = MarkerList.parse(res.json()).markers;
    expect(markers.length).toBe(listed.length);
    for (const m of markers) {
      const item = listed.find((x) => x.id === m.id)!;
      expect({ id: m.id, periodPrice: m.periodPrice, periodUnits: m.periodUnits }).toEqual({
        id: m.id,
        periodPrice: item.periodPrice,
        periodUnits: item.periodUnits,
      });
    }
    const undated = MarkerList.parse((await ctx.app.inject({ url: `/products/markers?${BOX}` })).json()).markers;
    // Without a period the markers stay light: no period fields at all.
    expect(undated.every((m) => !('periodPrice' in m) && !('periodUnits' in m))).toBe(true);
  });
});

describe('bad input and callers', () => {
  const t = messages.errors.search;
  const skipped = (time: string, date: string) => format(messages.errors.time.skippedByClockChange, { time, date });
  const walk: [string, string][] = [
    ['from=2025-06-07', t.periodBoth],
    ['to=2025-06-07', t.periodBoth],
    ['from=2025-06-07&to=', t.periodBoth],
    ['from=2025-13-01&to=2025-13-02', t.periodFormat],
    ['from=2025-02-30&to=2025-03-01', t.periodFormat],
    ['from=7.6.2025&to=8.6.2025', t.periodFormat],
    ['from=2025-06-07T25:00&to=2025-06-07T26:00', t.periodFormat],
    ['from=2025-06-07T10:00:00Z&to=2025-06-07T12:00:00Z', t.periodFormat],
    ['from=2025-06-07&to=2025-06-07T10:00', t.periodKinds],
    ['from=2025-06-08&to=2025-06-07', messages.errors.booking.startAfterEnd],
    ['from=2025-06-07T12:00&to=2025-06-07T12:00', t.periodEmpty],
    ['from=2025-06-07T12:00&to=2025-06-07T11:00', messages.errors.booking.startAfterEnd],
    ['from=2025-06-01&to=2025-06-03', messages.errors.booking.startInPast],
    ['from=2025-06-02T11:00&to=2025-06-02T13:00', messages.errors.booking.startInPast],
    ['from=2025-06-10&to=2026-06-12', messages.errors.api.rentalTooLong],
    ['from=2027-06-10&to=2027-06-11', messages.errors.api.rentalTooFarAhead],
    // 28 March 2027, 03:00 → 04:00: read on, 03:30 was 04:30 (start after end) and 03:00 was 04:00.
    ['from=2027-03-28T03:30&to=2027-03-28T04:00', skipped('03:30', '28.03.2027')],
    ['from=2027-03-28T01:00&to=2027-03-28T03:00', skipped('03:00', '28.03.2027')],
    ['from=2027-03-27T12:00&to=2027-03-28T03:59', skipped('03:59', '28.03.2027')],
    ['minPrice=-1', t.priceWholeEuros],
    ['maxPrice=10000001', t.priceWholeEuros],
    ['minPrice=10&maxPrice=5', t.priceOrder],
    ['minPrice=1.5', t.priceWholeEuros],
    ['maxPrice=abc', t.priceWholeEuros],
  ];

  it.each([
    ['/products/search?', 'list'],
    [`/products/markers?${BOX}&`, 'map'],
  ])('refuses every bad period and price range with 400 and an Estonian text, never a 500 (%s)', async (base) => {
    for (const [query, text] of walk) {
      const res = await ctx.app.inject({ url: `${base}${query}` });
      const body = res.json();
      expect({ query, status: res.statusCode }).toEqual({ query, status: 400 });
      expect({ query, has: String(body.message).includes(text) }).toEqual({ query, has: true });
      expect({ query, message: body.message }).not.toEqual({ query, message: expect.stringMatching(/expected|invalid|received|must/i) });
    }
    // The hour the autumn change repeats is on the clock (its first occurrence), and so are the spring night's others.
    expect((await ctx.app.inject({ url: `${base}from=2025-10-26T03:30&to=2025-10-26T04:30` })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: `${base}from=2027-03-28T02:00&to=2027-03-28T04:00` })).statusCode).toBe(200);
    // A day-mode search from today is not in the past; blank values are not given.
    expect((await ctx.app.inject({ url: `${base}from=2025-06-02&to=2025-06-02` })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: `${base}from=&to=&minPrice=&maxPrice=` })).statusCode).toBe(200);
  });

  it('is public: anonymous callers and every kind of signed-in user get the same results', async () => {
    const query = `${NEAR}&from=2025-06-06&to=2025-06-08&sort=CHEAP_FIRST`;
    const anonymous = await search(query);
    expect(anonymous.length).toBeGreaterThan(2);
    for (const who of ['renter', 'owner', 'business', 'limited', 'needsId', 'admin'] as const) {
      expect({ who, list: await search(query, await cast.as(who)) }).toEqual({ who, list: anonymous });
    }
  });
});

describe('dated search query plan', () => {
  it('reads the busy products of the period once by time index and hashes them; no probe or join per candidate', async () => {
    await ctx.database.db.execute(sql`analyze`);
    await ctx.database.db.execute(sql`set enable_seqscan = off`);
    try {
      const repo = new SearchRepository(ctx.database.db, '/files');
      for (const query of [
        { from: '2025-06-07', to: '2025-06-08', minPrice: '50', maxPrice: '500' },
        { from: '2025-06-10T10:00', to: '2025-06-10T14:00', lat: '58.378', lon: '26.729', distance: '25', sort: 'CHEAP_FIRST' },
      ]) {
        const parsed = ProductSearchQuery.parse(query);
        const plan = await repo.searchPlan(parsed, 'exact', searchPeriod(parsed, ctx.clock.now()));
        const text = (await queryRows<Record<string, string>>(ctx.database.db, sql`explain (verbose) ${plan.hits}`))
          .map((r) => Object.values(r)[0])
          .join('\n');
        // Reservations, blocks and vacation days: each one set, found by time (migration 0020); the
        // VAT-liable owners of the period price too. No subquery runs per candidate.
        const subPlans = new Set([...text.matchAll(/^\s*SubPlan (\d+)$/gm)].map((m) => m[1]));
        expect(subPlans.size).toBe(4);
        expect(new Set([...text.matchAll(/hashed SubPlan (\d+)/g)].map((m) => m[1]))).toEqual(subPlans);
        expect(text).not.toMatch(/\(SubPlan \d+\)/);
        expect(text).toMatch(/reservations_holding_range_idx/);
        expect(text).toMatch(/calendar_blocks_range_idx/);
        expect(text).toMatch(/product_vacation_days_day_idx/);
        // Not the per-product indexes a probe per candidate uses, and no join the planner could order badly.
        expect(text).not.toMatch(/reservations_no_overlap|product_vacation_days_product_id_day_pk|calendar_blocks_product_idx/);
        expect(text).not.toMatch(/Anti Join/);
      }
    } finally {
      await ctx.database.db.execute(sql`set enable_seqscan = on`);
    }
  });

  it('can find a cheapest-first page bound by walking the day-rate floor index of the span (migration 0021)', async () => {
    // This small table is cheaper to sort; without sorts the walk is the only plan, if the floor's
    // expression is the index's.
    await ctx.database.db.execute(sql`set enable_seqscan = off`);
    await ctx.database.db.execute(sql`set enable_sort = off`);
    try {
      const repo = new SearchRepository(ctx.database.db, '/files');
      for (const [query, index] of [
        [{ from: '2025-06-07', to: '2025-06-07', sort: 'CHEAP_FIRST' }, 'products_short_day_rate_idx'],
        [{ from: '2025-06-07', to: '2025-06-13', sort: 'CHEAP_FIRST' }, 'products_min_day_rate_idx'],
      ] as const) {
        const parsed = ProductSearchQuery.parse(query);
        const plan = await repo.searchPlan(parsed, 'exact', searchPeriod(parsed, ctx.clock.now()));
        const text = (await queryRows<Record<string, string>>(ctx.database.db, sql`explain ${plan.priceBound!}`))
          .map((r) => Object.values(r)[0])
          .join('\n');
        expect(text).toMatch(new RegExp(`Index Scan using ${index}`));
      }
    } finally {
      await ctx.database.db.execute(sql`set enable_seqscan = on`);
      await ctx.database.db.execute(sql`set enable_sort = on`);
    }
  });
});
