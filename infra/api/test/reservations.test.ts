import { and, eq } from 'drizzle-orm';
import { ApiErrorBody, FeeBreakdown, Reservation } from 'shared-kernel/schemas';
import { additionalServices, notifications, products, productVacationDays, reservations } from '../src/db/schema';
import { bookableDemoProduct, createTestApp, demoCast, type TestAs, type TestContext, type TestWho as Who } from '../src/testing/test-app';
import { expectApiError, tableDigest } from '../src/testing/assertions';

// Issue 10, server core: POST /reservations/product/{id}, GET /reservations/{id}/product/{pid}/price
// and GET /contracts/price. The clock starts on Monday 2 June 2025, 12:00 in Tallinn.

let ctx: TestContext;
let productId: number; // private owner, not VAT-liable
let vatProductId: number; // VAT-liable business owner
let serviceA: number; // 10.00 €
let serviceB: number; // 5.50 €

let ids: Record<Who, number>;
let emails: Record<Who, string>;
let as: TestAs;

const local = (wall: string, offset: '+02:00' | '+03:00' = '+03:00') => `${wall}:00${offset}`;

async function book(who: Who | undefined, body: Record<string, unknown>, product = productId) {
  return ctx.app.inject({ method: 'POST', url: `/reservations/product/${product}`, headers: await as(who), payload: body });
}

const expectError = expectApiError;

const bookingTables = () =>
  tableDigest(ctx.database.db, ['reservations', 'reservation_additional_services', 'notifications', 'mail_outbox', 'contracts']);

beforeAll(async () => {
  ctx = await createTestApp({ demo: true });
  ctx.clock.set('2025-06-02T09:00:00Z');
  ({ ids, emails, as } = await demoCast(ctx));
  productId = await bookableDemoProduct(ctx, ids.owner, {
    priceHourCents: 500,
    priceDailyCents: 3000,
    threeDayCents: 2500,
    weekendDayCents: 4000,
  });
  vatProductId = await bookableDemoProduct(ctx, ids.business, { priceDailyCents: 10000 });
  const inserted = await ctx.database.db
    .insert(additionalServices)
    .values([
      { productId, name: 'Haakekonks', costCents: 1000 },
      { productId, name: 'Rihmad', costCents: 550 },
    ])
    .returning({ id: additionalServices.id });
  [serviceA, serviceB] = inserted.map((r) => r.id);
  await ctx.database.db.insert(productVacationDays).values({ productId, day: '2025-06-20' });
});
afterAll(async () => {
  await ctx.close();
});

describe('POST /reservations/product/{id}: a request', () => {
  it('is created REQUESTED with the kernel price and a notification and mail for the owner', async () => {
    const res = await book('renter', {
      startTs: local('2025-06-09T08:00'),
      endTs: local('2025-06-12T08:00'),
      additionalServices: [serviceA, { id: serviceB, cost: 5.5 }],
      additionalServiceCost: 15.5,
    });
    expect(res.statusCode).toBe(201);
    const r = Reservation.parse(res.json());
    expect(r).toMatchObject({
      status: 'REQUESTED',
      startTs: '2025-06-09T05:00:00.000Z',
      endTs: '2025-06-12T05:00:00.000Z',
      hourly: false,
      product: { id: productId },
      user: { id: ids.renter, name: 'Mari' },
      productOwner: { id: ids.owner, name: 'Jaan' },
      additionalServiceCost: 15.5,
      // 3 days at the three-day price 25 €, services 15.50 € with the 10 % fee, no VAT.
      price: { amount: 75, additionalServiceCost: 15.5, vat: 0, vatRate: 0, ourFee: 1.55, total: 92.05, tier: 'threeDay', units: 3 },
    });
    expect(r.additionalServices.map((s) => s.cost)).toEqual([10, 5.5]);
    expect(r.hash).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const notes = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, ids.owner));
    expect(notes.find((n) => n.type === 'PRODUCT_RENTAL_REQUEST')?.message).toContain('09.06.2025 08:00 – 12.06.2025 08:00');
    const mail = (await ctx.app.outbox.list(5)).find((m) => m.to === emails.owner);
    expect(mail?.body).toContain(`/auth/rent-completed?rental=${r.hash}`);

    const price = await ctx.app.inject({ url: `/reservations/${r.id}/product/${productId}/price`, headers: await as('renter') });
    expect(price.statusCode).toBe(200);
    expect(FeeBreakdown.parse(price.json())).toEqual(r.price);
  });

  it("adds the owner's VAT at the rate of the day the rental starts: 22 % in June 2025, 24 % from July", async () => {
    const june = Reservation.parse(
      (await book('other', { startTs: local('2025-06-16T08:00'), endTs: local('2025-06-17T08:00') }, vatProductId)).json(),
    );
    expect(june.price).toMatchObject({ amount: 100, vat: 22, vatRate: 22, ourFee: 0, total: 122 });
    await ctx.database.db.update(reservations).set({ status: 'CANCELLED' }).where(eq(reservations.id, june.id));
    const july = Reservation.parse(
      (await book('other', { startTs: local('2025-07-01T08:00'), endTs: local('2025-07-02T08:00') }, vatProductId)).json(),
    );
    expect(july.price).toMatchObject({ amount: 100, vat: 24, vatRate: 24, total: 124 });
  });

  it('prices a same-day pick by started hours', async () => {
    const res = await book('admin', { startTs: local('2025-06-13T10:00'), endTs: local('2025-06-13T12:30') });
    expect(res.statusCode).toBe(201);
    expect(Reservation.parse(res.json())).toMatchObject({ hourly: true, price: { tier: 'hour', units: 3, amount: 15, total: 15 } });
  });

  it('answers every error code of spec 8 and changes nothing', async () => {
    const before = await bookingTables();
    const ok = { startTs: local('2025-07-07T08:00'), endTs: local('2025-07-08T08:00') };
    // The renter already waits for an answer on this product.
    expectError(await book('renter', ok), 409, 'PENDING_RESERVATION');
    // Someone else holds 9–12 June.
    expectError(await book('machinery', { startTs: local('2025-06-11T08:00'), endTs: local('2025-06-13T08:00') }), 409, 'UNAVAILABLE');
    expectError(await book('machinery', { startTs: local('2025-06-19T08:00'), endTs: local('2025-06-21T08:00') }), 409, 'IS_VACATION_DAY');
    // The return on a vacation day is refused too.
    expectError(await book('machinery', { startTs: local('2025-06-19T08:00'), endTs: local('2025-06-20T08:00') }), 409, 'IS_VACATION_DAY');
    expectError(await book('owner', ok), 400, 'SELF_PRODUCT');
    expectError(await book('machinery', { startTs: local('2025-06-02T08:00'), endTs: local('2025-06-03T08:00') }), 400, 'INVALID_TIMES');
    expectError(
      await book('machinery', { startTs: local('2025-07-08T08:00'), endTs: local('2025-07-07T08:00') }),
      400,
      'INVALID_TIMES_START_AFTER_END',
    );
    expectError(await book('machinery', { ...ok, endTs: ok.startTs }), 400, 'INVALID_TIMES_START_AFTER_END');
    expectError(
      await book('machinery', { ...ok, additionalServices: [{ id: serviceA, cost: -10 }] }),
      400,
      'INVALID_ADDITIONAL_COST_NEGATIVE',
    );
    expectError(
      await book('machinery', { ...ok, additionalServices: [serviceA], additionalServiceCost: -1 }),
      400,
      'INVALID_ADDITIONAL_COST_NEGATIVE',
    );
    expectError(await book('machinery', { ...ok, additionalServices: [{ id: serviceA, cost: 9 }] }), 409, 'INVALID_ADDITIONAL_COST');
    expectError(
      await book('machinery', { ...ok, additionalServices: [serviceA], additionalServiceCost: 12 }),
      409,
      'INVALID_ADDITIONAL_COST',
    );
    expectError(await book('machinery', { ...ok, additionalServices: [999999] }), 400, 'VALIDATION_ERROR');
    const early = expectError(await book('machinery', { startTs: local('2025-07-07T07:00'), endTs: ok.endTs }), 409, 'UNAVAILABLE');
    expect(early.codes).toEqual(['UNAVAILABLE', 'OUTSIDE_RENT_HOURS']);
    expectError(await book('machinery', { startTs: local('2025-07-07T08:00'), endTs: local('2025-07-07T18:30') }), 409, 'UNAVAILABLE');
    await ctx.database.db
      .update(products)
      .set({ rentDays: ['MONDAY', 'TUESDAY'] })
      .where(eq(products.id, productId));
    const notRentDay = expectError(
      await book('machinery', { startTs: local('2025-07-09T08:00'), endTs: local('2025-07-10T08:00') }),
      409,
      'UNAVAILABLE',
    );
    expect(notRentDay.codes).toEqual(['UNAVAILABLE', 'NOT_RENT_DAY']);
    await ctx.database.db.update(products).set({ rentDays: [], inactiveReason: 'Remondis' }).where(eq(products.id, productId));
    expect(expectError(await book('machinery', ok), 409, 'UNAVAILABLE').codes).toContain('PRODUCT_INACTIVE');
    await ctx.database.db.update(products).set({ inactiveReason: null, deleted: true }).where(eq(products.id, productId));
    expectError(await book('machinery', ok), 404, 'NOT_FOUND');
    await ctx.database.db
      .update(products)
      .set({ deleted: false, priceHourCents: null, priceDailyCents: null, threeDayCents: null, weekendDayCents: null })
      .where(eq(products.id, productId));
    expectError(await book('machinery', ok), 400, 'ZERO_SUM');
    await ctx.database.db
      .update(products)
      .set({ priceHourCents: 500, priceDailyCents: 3000, threeDayCents: 2500, weekendDayCents: 4000 })
      .where(eq(products.id, productId));
    expectError(await book('machinery', ok, 99_999_999), 404, 'NOT_FOUND');
    expect(await bookingTables()).toBe(before);
  });

  it('frees the time when a request is cancelled', async () => {
    const taken = { startTs: local('2025-06-10T08:00'), endTs: local('2025-06-11T08:00') };
    expectError(await book('machinery', taken), 409, 'UNAVAILABLE');
    await ctx.database.db
      .update(reservations)
      .set({ status: 'CANCELLED' })
      .where(and(eq(reservations.productId, productId), eq(reservations.userId, ids.renter)));
    expect((await book('machinery', taken)).statusCode).toBe(201);
    // And the renter may ask again now that nothing of theirs is waiting.
    expect((await book('renter', { startTs: local('2025-06-23T08:00'), endTs: local('2025-06-24T08:00') })).statusCode).toBe(201);
  });

  it('declines a stale request by the system, on the next booking and by the job, and frees its time', async () => {
    const repo = ctx.app.bookingService.requests;
    const r = Reservation.parse((await book('other', { startTs: local('2025-06-26T10:00'), endTs: local('2025-06-26T16:00') })).json());
    // Its start passes without an answer.
    ctx.clock.set('2025-06-26T08:00:00Z'); // 11:00 in Tallinn
    const res = await book('machinery', { startTs: local('2025-06-26T12:00'), endTs: local('2025-06-26T14:00') });
    expect(res.statusCode).toBe(201);
    const [row] = await ctx.database.db.select().from(reservations).where(eq(reservations.id, r.id));
    expect(row).toMatchObject({ status: 'DECLINED_BY_SYSTEM', declineReason: 'DECLINED_BY_SYSTEM' });
    const [note] = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ids.other), eq(notifications.type, 'PRODUCT_RENTAL_UPDATE')));
    expect(note.message).toContain('26.06.2025 10:00');

    // Without any booking, the job's sweep does it (acceptance 5).
    ctx.clock.set('2025-06-26T08:30:00Z');
    const lonely = Reservation.parse(
      (await book('renter', { startTs: local('2025-06-27T08:00'), endTs: local('2025-06-28T08:00') }, vatProductId)).json(),
    );
    expect(await repo.declineStaleRequests(ctx.clock.now())).toEqual([]);
    ctx.clock.set('2025-06-27T05:00:01Z');
    expect((await repo.declineStaleRequests(ctx.clock.now())).map((d) => d.id)).toContain(lonely.id);
    const [after] = await ctx.database.db.select().from(reservations).where(eq(reservations.id, lonely.id));
    expect(after.status).toBe('DECLINED_BY_SYSTEM');
  });
});

describe('authorization matrix', () => {
  let reservationId: number;

  beforeAll(async () => {
    ctx.clock.set('2025-08-01T09:00:00Z');
    const r = Reservation.parse((await book('renter', { startTs: local('2025-08-11T08:00'), endTs: local('2025-08-12T08:00') })).json());
    reservationId = r.id;
  });

  it('POST /reservations/product/{id}: signed-in ROLE_USER, ROLE_ADMIN and a limited debtor within the limit, never the owner', async () => {
    const body = (day: number) => ({ startTs: local(`2025-08-${day}T08:00`), endTs: local(`2025-08-${day + 1}T08:00`) });
    expectError(await book(undefined, body(20)), 401, 'UNAUTHORIZED');
    expect(expectError(await book('needsId', body(20)), 403, 'FORBIDDEN').codes).toContain('IDENTITY_NOT_VERIFIED');
    expectError(await book('owner', body(20)), 400, 'SELF_PRODUCT');
    expect((await book('other', body(20))).statusCode).toBe(201);
    expect((await book('admin', body(22))).statusCode).toBe(201);
    expectError(await book('renter', body(24)), 409, 'PENDING_RESERVATION');
    // ADR 0043: ROLE_USER_LIMITED books within the terms' debtor limit (debtor-limits.test.ts walks the limit).
    expect((await book('limited', body(26))).statusCode).toBe(201);
  });

  it('GET /reservations/{id}/product/{productId}/price: the renter and the owner only', async () => {
    const get = async (who: Who | undefined, product = productId) =>
      ctx.app.inject({ url: `/reservations/${reservationId}/product/${product}/price`, headers: await as(who) });
    expectError(await get(undefined), 401, 'UNAUTHORIZED');
    expect((await get('renter')).statusCode).toBe(200);
    expect((await get('owner')).statusCode).toBe(200);
    expect(FeeBreakdown.parse((await get('owner')).json())).toMatchObject({ amount: 30, total: 30 });
    for (const who of ['other', 'limited', 'needsId', 'admin', 'business'] as const) expectError(await get(who), 404, 'NOT_FOUND');
    // The right reservation with the wrong product is no answer either.
    expectError(await get('renter', vatProductId), 404, 'NOT_FOUND');
    expectError(
      await ctx.app.inject({ url: `/reservations/99999999/product/${productId}/price`, headers: await as('renter') }),
      404,
      'NOT_FOUND',
    );
  });

  it('GET /contracts/price: a calculator anyone may use', async () => {
    const url = `/contracts/price?startTs=${encodeURIComponent(local('2025-08-11T08:00'))}&endTs=${encodeURIComponent(local('2025-08-14T08:00'))}&priceDaily=30&threeDayPrice=25`;
    for (const who of [undefined, 'renter', 'owner', 'other', 'limited', 'needsId', 'admin'] as const) {
      const res = await ctx.app.inject({ url, headers: await as(who) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toBe(75);
    }
  });
});

describe('GET /contracts/price', () => {
  const q = (params: Record<string, string>) => ctx.app.inject({ url: `/contracts/price?${new URLSearchParams(params).toString()}` });
  const period = (start: string, end: string) => ({ startTs: start, endTs: end });

  it('answers the net rent in euros by the tier rules', async () => {
    expect((await q({ ...period('2025-08-11T05:00:00Z', '2025-08-11T07:30:00Z'), priceHourly: '4.5', priceDaily: '30' })).json()).toBe(
      13.5,
    );
    expect((await q({ ...period('2025-08-11T05:00:00Z', '2025-08-18T05:00:00Z'), priceDaily: '30', weekPrice: '20' })).json()).toBe(140);
    expect(
      (
        await q({ ...period('2025-08-11T05:00:00Z', '2025-08-25T05:00:00Z'), priceDaily: '30', weekPrice: '20', twoWeekPrice: '18' })
      ).json(),
    ).toBe(252);
    expect((await q({ ...period('2025-08-01T05:00:00Z', '2025-08-31T05:00:00Z'), priceDaily: '30', monthPrice: '15' })).json()).toBe(450);
    // Friday to Monday: a weekday and two weekend days.
    expect((await q({ ...period('2025-08-15T05:00:00Z', '2025-08-18T05:00:00Z'), priceDaily: '30', weekendDayPrice: '40' })).json()).toBe(
      110,
    );
    expect((await q({ ...period('2025-08-11T05:00:00Z', '2025-08-12T05:00:00Z') })).json()).toBe(0);
    // Two calendar days over the October change, though 49 hours long.
    expect((await q({ ...period('2025-10-25T05:00:00Z', '2025-10-27T06:00:00Z'), priceDaily: '30' })).json()).toBe(60);
  });

  it('refuses an empty or overlong period', async () => {
    expectError(
      await q({ ...period('2025-08-12T05:00:00Z', '2025-08-11T05:00:00Z'), priceDaily: '30' }),
      400,
      'INVALID_TIMES_START_AFTER_END',
    );
    expectError(await q({ ...period('2025-08-12T05:00:00Z', '2027-08-11T05:00:00Z'), priceDaily: '30' }), 400, 'VALIDATION_ERROR');
  });
});

describe('bad input: 4xx with a code, never a 500, nothing changed', () => {
  it('walks the three endpoints with broken ids, times, bodies and NUL characters', async () => {
    ctx.clock.set('2025-08-01T09:00:00Z');
    const before = await bookingTables();
    const headers = { ...(await as('machinery')), 'content-type': 'application/json' };
    const ok = { startTs: local('2025-09-01T08:00'), endTs: local('2025-09-02T08:00') };
    const refused = (res: { statusCode: number; body: string }) => {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      const body = ApiErrorBody.parse(JSON.parse(res.body));
      expect(body.codes[0]).toBe(body.code);
    };

    for (const id of ['abc', '0', '-1', '1.5', '99999999999', '%00', '1%00', '%E2%82', 'null', '1e3']) {
      refused(await ctx.app.inject({ method: 'POST', url: `/reservations/product/${id}`, headers, payload: JSON.stringify(ok) }));
      refused(await ctx.app.inject({ url: `/reservations/${id}/product/${productId}/price`, headers }));
      refused(await ctx.app.inject({ url: `/reservations/1/product/${id}/price`, headers }));
    }
    const bodies: unknown[] = [
      '{"startTs": ',
      '',
      'null',
      '"x"',
      [ok],
      {},
      { startTs: ok.startTs },
      { endTs: ok.endTs },
      { ...ok, startTs: '2025-09-01T08:00:00' },
      { ...ok, startTs: '2025-09-01' },
      { ...ok, startTs: `${ok.startTs}\u0000` },
      { ...ok, endTs: '\u0000' },
      { ...ok, startTs: 1756702800000 },
      { ...ok, startTs: '2025-13-01T08:00:00Z' },
      { ...ok, startTs: '9999-09-01T08:00:00Z' },
      { ...ok, startTs: '2025-09-01T08:00:00Z'.repeat(200) },
      { ...ok, additionalServices: 'x' },
      { ...ok, additionalServices: [serviceA, serviceA] },
      { ...ok, additionalServices: Array.from({ length: 51 }, (_, i) => i + 1) },
      { ...ok, additionalServices: [{ id: '\u0000' }] },
      { ...ok, additionalServices: [{ id: serviceA, cost: 'ten' }] },
      { ...ok, additionalServices: [-1] },
      { ...ok, additionalServiceCost: '5' },
      { ...ok, additionalServiceCost: { $gt: 0 } },
    ];
    for (const body of bodies) {
      const payload = typeof body === 'string' ? body : JSON.stringify(body);
      refused(await ctx.app.inject({ method: 'POST', url: `/reservations/product/${productId}`, headers, payload }));
    }
    refused(
      await ctx.app.inject({
        method: 'POST',
        url: `/reservations/product/${productId}`,
        headers: { ...headers, 'content-type': 'text/plain' },
        payload: 'hello',
      }),
    );
    refused(
      await ctx.app.inject({
        method: 'POST',
        url: `/reservations/product/${productId}`,
        headers,
        payload: JSON.stringify({ ...ok, pad: 'x'.repeat(1024 * 1024) }),
      }),
    );

    for (const query of [
      '',
      'startTs=2025-09-01T05:00:00Z',
      'startTs=2025-09-01T05:00:00Z&endTs=',
      'startTs=2025-09-01T05:00:00Z%00&endTs=2025-09-02T05:00:00Z',
      'startTs=2025-09-01T05:00:00Z&endTs=2025-09-02T05:00:00Z&priceDaily=%00',
      'startTs=2025-09-01T05:00:00Z&endTs=2025-09-02T05:00:00Z&priceDaily=-1',
      'startTs=2025-09-01T05:00:00Z&endTs=2025-09-02T05:00:00Z&priceDaily=abc',
      'startTs=2025-09-01T05:00:00Z&endTs=2025-09-02T05:00:00Z&priceDaily=1e400',
      'startTs=2025-09-01T05:00:00Z&startTs=2025-09-01T06:00:00Z&endTs=2025-09-02T05:00:00Z',
      'startTs=2025-09-01T05:00:00Z&endTs=2025-09-02T05:00:00Z&priceDaily=1&priceDaily=2',
      'startTs=2025-09-01 08:00&endTs=2025-09-02 08:00',
    ]) {
      refused(await ctx.app.inject({ url: `/contracts/price?${query}` }));
    }
    expect(await bookingTables()).toBe(before);
  });
});

describe('Europe/Tallinn and the DST changes', () => {
  it('books two calendar days over the October change (49 real hours) and lets the next rental start at the return', async () => {
    ctx.clock.set('2025-10-20T09:00:00Z');
    const res = await book('renter', { startTs: local('2025-10-25T08:00', '+03:00'), endTs: local('2025-10-27T08:00', '+02:00') });
    expect(res.statusCode).toBe(201);
    const r = Reservation.parse(res.json());
    expect(r).toMatchObject({ startTs: '2025-10-25T05:00:00.000Z', endTs: '2025-10-27T06:00:00.000Z' });
    // Saturday and Sunday at the weekend-day price.
    expect(r.price).toMatchObject({ tier: 'day', units: 2, amount: 80 });
    expectError(
      await book('other', { startTs: local('2025-10-26T08:00', '+02:00'), endTs: local('2025-10-26T10:00', '+02:00') }),
      409,
      'UNAVAILABLE',
    );
    // 08:00 after the change is 06:00 UTC: the return instant, so it fits.
    expect(
      (await book('other', { startTs: local('2025-10-27T08:00', '+02:00'), endTs: local('2025-10-28T08:00', '+02:00') })).statusCode,
    ).toBe(201);
  });

  it('reads opening hours on the wall clock on both sides of the spring change', async () => {
    // Clocks jump 03:00 → 04:00 on Sunday 29 March 2026.
    ctx.clock.set('2026-03-20T09:00:00Z');
    const res = await book('admin', { startTs: local('2026-03-28T08:00', '+02:00'), endTs: local('2026-03-30T08:00', '+03:00') });
    expect(res.statusCode).toBe(201);
    expect(Reservation.parse(res.json())).toMatchObject({
      startTs: '2026-03-28T06:00:00.000Z',
      endTs: '2026-03-30T05:00:00.000Z',
      price: { units: 2, amount: 80 },
    });
    // 06:00 UTC was 08:00 on Saturday but is 09:00 on Monday after the change; 04:30 UTC is 07:30, before opening.
    expect((await book('other', { startTs: '2026-03-30T06:00:00Z', endTs: '2026-03-31T05:00:00Z' })).statusCode).toBe(201);
    const early = await book('renter', { startTs: '2026-04-01T04:30:00Z', endTs: '2026-04-02T05:00:00Z' });
    expect(expectError(early, 409, 'UNAVAILABLE').codes).toContain('OUTSIDE_RENT_HOURS');
  });
});
