import { spawnSync } from 'node:child_process';
import { and, eq, sql } from 'drizzle-orm';
import { ApiErrorBody, GokartDay, PaymentOrderToken } from 'shared-kernel/schemas';
import { queryRows } from '../src/db/database';
import { contracts, gokartSlotBookings, notifications, productVacationDays, reservations, users } from '../src/db/schema';
import { FakePaymentOrders } from '../src/testing/fake-payment-orders';
import { expectApiError, tableDigest } from '../src/testing/assertions';
import { cookieHeader, createTestApp, demoCast, type TestAs, type TestContext, type TestWho as Who } from '../src/testing/test-app';
import { isPostgresRun } from '../src/testing/test-database';

// Issue 12: the Rääsilla go-kart track (product 229 of the demo, open Wednesday to Sunday 10–20).
// The clock starts on Monday 2 June 2025, 12:00 in Tallinn; Wednesday 4 June is the first open day.

const KART = 229;
let ctx: TestContext;
let orders: FakePaymentOrders;

let ids: Record<Who, number>;
let as: TestAs;

const payment = (euros: number) => ({ methodOptions: { preferredProvider: 'HABAEE2X' }, amount: euros });
const request = (slots: string[], riders: string[], extra: Record<string, unknown> = {}) => ({
  day: '2025-06-04',
  slots,
  personName: 'Mari Maasikas',
  personPhone: '+3725123456',
  riders,
  payment: payment(20 * slots.length * riders.length),
  ...extra,
});
const riders = (n: number) => Array.from({ length: n }, (_, i) => `Sõitja ${i + 1}`);

async function bookKart(who: Who | undefined, body: unknown) {
  return ctx.app.inject({ method: 'POST', url: '/reservations/gokart', headers: await as(who), payload: body as Record<string, unknown> });
}
const byDay = async (day = '2025-06-04') => GokartDay.parse((await ctx.app.inject({ url: `/reservations/by-day?day=${day}` })).json());
const tables = () => tableDigest(ctx.database.db, ['reservations', 'gokart_slot_bookings', 'contracts', 'notifications']);

beforeAll(async () => {
  orders = new FakePaymentOrders();
  ctx = await createTestApp({ demo: true, app: { paymentOrders: orders } });
  orders.bind(ctx.database, ctx.clock);
  ctx.clock.set('2025-06-02T09:00:00Z');
  ({ ids, as } = await demoCast(ctx));
  await ctx.database.db.delete(productVacationDays).where(eq(productVacationDays.productId, KART));
});
afterAll(async () => {
  await ctx.close();
});

describe('POST /reservations/gokart', () => {
  it('holds 3 riders in 2 slots while the payment runs, answers the order, and writes the riders into the contract', async () => {
    const res = await bookKart('renter', request(['10:20', '10:00'], ['Mari', 'Jüri', 'Ants']));
    expect(res.statusCode).toBe(200);
    const token = PaymentOrderToken.parse(res.json());
    const order = orders.last();
    expect(order).toMatchObject({ userId: ids.renter, amountCents: 12_000, bank: 'HABAEE2X', purpose: { kind: 'RESERVATION' } });
    expect(order.returnPath).toBe(`/public/raasilla-success?name=Mari+Maasikas&hash=${token.reservationHash}`);

    const [r] = await ctx.database.db
      .select()
      .from(reservations)
      .where(eq(reservations.hash, token.reservationHash ?? ''));
    // The riders' 120 € with the VAT-liable owner's 22 % of 4 June 2025 inside (issue 25, item 3).
    expect(r).toMatchObject({
      kind: 'GOKART',
      status: 'PENDING_PAYMENT',
      productId: KART,
      userId: ids.renter,
      priceCents: 12_000,
      vatRateBp: 2_200,
    });
    // 10:00–10:40 Tallinn summer time.
    expect([r.startTs.toISOString(), r.endTs.toISOString()]).toEqual(['2025-06-04T07:00:00.000Z', '2025-06-04T07:40:00.000Z']);
    const [c] = await ctx.database.db.select().from(contracts).where(eq(contracts.reservationId, r.id));
    expect(c.status).toBe('PENDING_PAYMENT');
    expect(c.amountCents + c.vatCents + c.feeCents + c.additionalServiceCostCents).toBe(12_000);
    expect([c.amountCents, c.vatCents, c.feeCents]).toEqual([9_836, 2_164, 0]);
    expect(c.contractData).toMatchObject({ RAASILLA_RIDERS_NAMES: ['Mari', 'Jüri', 'Ants'], RAASILLA_SLOTS: ['10:00', '10:20'] });

    expect(await byDay()).toEqual({
      day: '2025-06-04',
      opens: '10:00',
      closes: '20:00',
      bookings: [{ riders: 3, slots: '10:00,10:20' }],
      slotsTaken: { '10:00': 3, '10:20': 3 },
    });

    await orders.settle(order, 'PAID');
    const [paid] = await ctx.database.db.select().from(reservations).where(eq(reservations.id, r.id));
    const [paidContract] = await ctx.database.db.select().from(contracts).where(eq(contracts.reservationId, r.id));
    expect([paid.status, paidContract.status]).toEqual(['ACCEPTED', 'ACCEPTED']);
    const [notice] = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ids.kart), eq(notifications.type, 'PRODUCT_RENTAL_REQUEST_APPROVED')));
    expect(notice.message).toBe('Mari Maasikas broneeris kardisõidu 04.06.2025: 3 sõitjat, ajad 10:00, 10:20.');
    expect((await byDay()).slotsTaken).toEqual({ '10:00': 3, '10:20': 3 });
  });

  it('refuses an 11th rider in a slot with GOKART_FULL, and a failed payment frees the places', async () => {
    await bookKart('other', request(['11:00'], riders(6)));
    const pending = orders.last();
    const before = await tables();
    expectApiError(await bookKart('admin', request(['11:00', '11:20'], riders(5))), 409, 'GOKART_FULL');
    expect(await tables()).toBe(before);
    expect((await bookKart('admin', request(['11:00'], riders(4)))).statusCode).toBe(200);
    expect((await byDay()).slotsTaken['11:00']).toBe(10);
    expectApiError(await bookKart('renter', request(['11:00'], riders(1))), 409, 'GOKART_FULL');

    await orders.settle(pending, 'FAILED');
    expect((await byDay()).slotsTaken['11:00']).toBe(4);
    expect((await bookKart('renter', request(['11:00'], riders(6)))).statusCode).toBe(200);
    expect((await byDay()).slotsTaken['11:00']).toBe(10);
  });

  it('an expired payment frees the places, and the safety net releases a hold whose expiry passed', async () => {
    await bookKart('other', request(['12:00'], riders(2)));
    await orders.settle(orders.last(), 'EXPIRED');
    expect((await byDay()).slotsTaken['12:00']).toBeUndefined();

    await bookKart('other', request(['12:20'], riders(2)));
    expect(await ctx.app.bookingService.holds.releaseExpiredHolds(ctx.clock.now(), 0)).toBe(0);
    expect((await byDay()).slotsTaken['12:20']).toBe(2);
    ctx.clock.advance(15 * 60_000 + 1);
    // This hold and the unpaid ones of the tests before, all taken at the same test-clock instant.
    expect(await ctx.app.bookingService.holds.releaseExpiredHolds(ctx.clock.now(), 0)).toBeGreaterThanOrEqual(1);
    expect((await byDay()).slotsTaken['12:20']).toBeUndefined();
    // A late PAID for a released hold changes nothing: the money stays on the payer's balance.
    const released = orders.last();
    await orders.settle(released, 'PAID');
    const [r] = await ctx.database.db
      .select()
      .from(reservations)
      .where(eq(reservations.id, (released.purpose as { reservationId: number }).reservationId));
    expect(r.status).toBe('CANCELLED');
    ctx.clock.set('2025-06-02T09:00:00Z');
  });

  it('releases the places at once when the payment cannot start', async () => {
    orders.failNextCreate = true;
    expectApiError(await bookKart('other', request(['13:00'], riders(3))), 503, 'INTERNAL_ERROR');
    expect((await byDay()).slotsTaken['13:00']).toBeUndefined();
  });

  it('answers GOKART_CLOSED for a closed day, a past slot, a slot outside the hours and a vacation day', async () => {
    const before = await tables();
    // Monday and Tuesday are no track days.
    expectApiError(await bookKart('renter', request(['12:00'], riders(1), { day: '2025-06-02' })), 409, 'GOKART_CLOSED');
    expectApiError(await bookKart('renter', request(['12:00'], riders(1), { day: '2025-06-03' })), 409, 'GOKART_CLOSED');
    // Opening at 10:00, closing at 20:00: the last slot starts 19:40.
    for (const slot of ['09:40', '20:00', '23:40', '00:00'])
      expectApiError(await bookKart('renter', request([slot], riders(1))), 409, 'GOKART_CLOSED');
    ctx.clock.set('2025-06-04T07:30:00Z'); // 10:30 on the day
    expectApiError(await bookKart('renter', request(['10:20'], riders(1))), 409, 'GOKART_CLOSED');
    ctx.clock.set('2025-06-02T09:00:00Z');
    await ctx.database.db.insert(productVacationDays).values({ productId: KART, day: '2025-06-05' });
    expectApiError(await bookKart('renter', request(['12:00'], riders(1), { day: '2025-06-05' })), 409, 'GOKART_CLOSED');
    expect(await byDay('2025-06-05')).toMatchObject({ opens: null, closes: null, bookings: [] });
    expect(await byDay('2025-06-02')).toMatchObject({ opens: null, closes: null });
    await ctx.database.db.delete(productVacationDays).where(eq(productVacationDays.productId, KART));
    expect(await tables()).toBe(before);
    expect((await bookKart('renter', request(['19:40'], riders(1)))).statusCode).toBe(200);
  });

  it('refuses a slot that is not at :00, :20 or :40 and an amount that is not 20 € per slot per rider', async () => {
    const before = await tables();
    for (const slot of ['10:10', '10:05', '10:60', '24:00', '1000'])
      expectApiError(await bookKart('renter', request([slot], riders(1))), 400, 'VALIDATION_ERROR');
    expectApiError(
      await bookKart('renter', request(['14:00', '14:20'], riders(2), { payment: payment(40) })),
      409,
      'PAYMENT_AMOUNT_MISMATCH',
    );
    expectApiError(await bookKart('renter', request(['14:00'], riders(2), { payment: payment(40.01) })), 409, 'PAYMENT_AMOUNT_MISMATCH');
    expect(await tables()).toBe(before);
  });
});

describe('the track is not a day rental', () => {
  it('refuses a normal booking request for product 229 and writes nothing', async () => {
    const before = await tables();
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/reservations/product/${KART}`,
      headers: await as('renter'),
      payload: { startTs: '2025-06-04T07:00:00Z', endTs: '2025-06-05T07:00:00Z' },
    });
    expectApiError(res, 400, 'UNAVAILABLE');
    expect(res.json().message).toBe('Kardirada broneeritakse sõiduaegade kaupa.');
    expect(await tables()).toBe(before);
  });
});

describe('the go-kart contract PDF', () => {
  it('names every rider and the slots', async () => {
    const token = PaymentOrderToken.parse(
      (await bookKart('renter', request(['18:00', '18:40'], ['Mari Maasikas', 'Õnne Šokolaad']))).json(),
    );
    const res = await ctx.app.inject({ url: `/reservations/hash/${token.reservationHash}/contract/document`, headers: await as('renter') });
    expect(res.statusCode).toBe(200);
    const text = spawnSync('pdftotext', ['-enc', 'UTF-8', '-layout', '-', '-'], { input: res.rawPayload, encoding: 'utf8' }).stdout.replace(
      /[\s\u00a0\u202f]+/g,
      ' ',
    );
    expect(text).toContain('Sõitjad Sõiduajad: 18:00, 18:40 • Mari Maasikas • Õnne Šokolaad');
    expect(text).toContain('Kokku koos käibemaksuga 80,00 €');
    // Issue 25, item 3: the track's owner is VAT-liable and the 20 € a ride includes the VAT, so the
    // PDF takes it out (80 / 1,22) instead of calling all 80 € net with 0 % VAT.
    expect(text).toContain('Rendihind (käibemaksuta) 65,57 €');
    expect(text).toContain('Käibemaks (22%) 14,43 €');
    expect(text).not.toContain('(0%)');
    // The success view reads the same booking by its hash: day, slots and riders.
    const view = await ctx.app.inject({ url: `/reservations/hash/${token.reservationHash}`, headers: await as('renter') });
    expect(view.json().gokart).toEqual({
      day: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
      slots: ['18:00', '18:40'],
      riders: ['Mari Maasikas', 'Õnne Šokolaad'],
    });
    // …and the same lines as the PDF, as does the renter's contract list.
    expect(view.json().price).toMatchObject({ amount: 65.57, vat: 14.43, ourFee: 0, additionalServiceCost: 0, total: 80, vatRate: 22 });
    const list = await ctx.app.inject({ url: '/contracts?incoming=false', headers: await as('renter') });
    const listed = (list.json() as { reservationHash: string; price: unknown }[]).find((x) => x.reservationHash === token.reservationHash);
    expect(listed?.price).toMatchObject({ amount: 65.57, vat: 14.43, ourFee: 0, total: 80, vatRate: 22 });
  });

  it('takes out the VAT of the ride day: 24 % from 1 July 2025', async () => {
    const token = PaymentOrderToken.parse((await bookKart('renter', request(['12:00'], ['Mari Maasikas'], { day: '2025-07-02' }))).json());
    const res = await ctx.app.inject({ url: `/reservations/hash/${token.reservationHash}/contract/document`, headers: await as('renter') });
    const text = spawnSync('pdftotext', ['-enc', 'UTF-8', '-layout', '-', '-'], { input: res.rawPayload, encoding: 'utf8' }).stdout.replace(
      /[\s\u00a0\u202f]+/g,
      ' ',
    );
    expect(text).toContain('Rendihind (käibemaksuta) 16,13 €');
    expect(text).toContain('Käibemaks (24%) 3,87 €');
    expect(text).toContain('Kokku koos käibemaksuga 20,00 €');
  });
});

describe('authorization matrix', () => {
  it('POST /reservations/gokart: signed-in ROLE_USER, ROLE_ADMIN and a limited debtor within the limit, never the track owner', async () => {
    const before = await tables();
    const body = request(['15:00'], riders(1));
    expectApiError(await bookKart(undefined, body), 401, 'UNAUTHORIZED');
    expect(expectApiError(await bookKart('needsId', body), 403, 'FORBIDDEN').codes).toContain('IDENTITY_NOT_VERIFIED');
    expectApiError(await bookKart('kart', body), 400, 'SELF_PRODUCT');
    expect(await tables()).toBe(before);
    for (const who of ['renter', 'other', 'admin', 'limited'] as const) expect((await bookKart(who, body)).statusCode).toBe(200);
  });

  it('GET /reservations/by-day: public, the same answer for everyone', async () => {
    const answers = [];
    for (const who of [undefined, 'renter', 'other', 'limited', 'needsId', 'kart'] as const) {
      const res = await ctx.app.inject({ url: '/reservations/by-day?day=2025-06-04', headers: await as(who) });
      expect(res.statusCode).toBe(200);
      answers.push(res.body);
    }
    expect(new Set(answers).size).toBe(1);
  });
});

describe('bad input: 4xx with a code, never a 500, nothing changed', () => {
  it('walks POST /reservations/gokart and GET /reservations/by-day', async () => {
    const before = await tables();
    const headers = { ...(await as('renter')), 'content-type': 'application/json' };
    const refused = (what: string, res: { statusCode: number; body: string }) => {
      expect({ what, ok: res.statusCode >= 400 && res.statusCode < 500 }).toEqual({ what, ok: true });
      const body = ApiErrorBody.parse(JSON.parse(res.body));
      expect(body.codes[0]).toBe(body.code);
    };
    const ok = request(['16:00'], riders(2));
    const bodies: unknown[] = [
      '',
      '{"day": ',
      'null',
      '[]',
      {},
      { ...ok, day: '2025-02-30' },
      { ...ok, day: '04.06.2025' },
      { ...ok, day: '2025-06-04\u0000' },
      { ...ok, day: 20250604 },
      { ...ok, slots: [] },
      { ...ok, slots: '16:00' },
      { ...ok, slots: ['16:00', '16:00'] },
      { ...ok, slots: ['16:00\u0000'] },
      { ...ok, slots: Array.from({ length: 37 }, () => '16:00') },
      { ...ok, riders: [] },
      { ...ok, riders: riders(11) },
      { ...ok, riders: ['  '] },
      { ...ok, riders: [42] },
      { ...ok, riders: ['a\u0000b'] },
      { ...ok, riders: ['x'.repeat(101)] },
      { ...ok, personName: '' },
      { ...ok, personName: 'Mari\u0000' },
      { ...ok, personPhone: 'helista mulle' },
      { ...ok, payment: undefined },
      { ...ok, payment: { ...ok.payment, amount: -80 } },
      { ...ok, payment: { ...ok.payment, amount: '80' } },
      { ...ok, payment: { ...ok.payment, amount: 80.001 } },
      { ...ok, payment: { ...ok.payment, amount: 1e9 } },
      { ...ok, payment: { methodOptions: { preferredProvider: '' }, amount: 80 } },
      { ...ok, payment: { methodOptions: { preferredProvider: 'SEB\u0000' }, amount: 80 } },
      { ...ok, payment: { ...ok.payment, currency: 'USD' } },
    ];
    for (const body of bodies) {
      const payload = typeof body === 'string' ? body : JSON.stringify(body);
      refused(payload.slice(0, 80), await ctx.app.inject({ method: 'POST', url: '/reservations/gokart', headers, payload }));
    }
    refused(
      'text/plain',
      await ctx.app.inject({
        method: 'POST',
        url: '/reservations/gokart',
        headers: { ...headers, 'content-type': 'text/plain' },
        payload: 'x',
      }),
    );
    for (const q of [
      '',
      'day=',
      'day=2025-13-01',
      'day=%00',
      'day=2025-06-04&day=2025-06-05',
      `day=${'9'.repeat(600)}`,
      'day=2025-06-04%00',
    ]) {
      refused(`by-day ?${q}`, await ctx.app.inject({ url: `/reservations/by-day?${q}` }));
    }
    expect(await tables()).toBe(before);
  });
});

// PGlite serves one query at a time, so only PostgreSQL can race bookings for real (acceptance 5).
const describePg = isPostgresRun() ? describe : describe.skip;

describePg('capacity under concurrency on PostgreSQL', () => {
  it('30 concurrent requests for the last 4 places of a slot never put more than 10 riders in it', async () => {
    const db = ctx.database.db;
    const racers = await db
      .insert(users)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          username: `racer${i}@example.ee`,
          passwordHash: 'x',
          type: 'B2C' as const,
          name: `Sõitja ${i}`,
          roles: ['ROLE_USER'],
        })),
      )
      .returning({ id: users.id });
    expect((await bookKart('other', request(['17:00'], riders(6)))).statusCode).toBe(200);
    const tokens = await Promise.all(racers.map((r) => ctx.app.sessionRepository.create(r.id, ctx.clock.now())));
    const asked = racers.map((_, i) => 1 + (i % 3));
    const results = await Promise.all(
      tokens.map((token, i) =>
        ctx.app.inject({
          method: 'POST',
          url: '/reservations/gokart',
          headers: cookieHeader(token),
          payload: request(['17:00', '17:20'], riders(asked[i])),
        }),
      ),
    );
    const granted = results.flatMap((r, i) => (r.statusCode === 200 ? [asked[i]] : []));
    expect(results.filter((r) => r.statusCode !== 200).map((r) => r.json().code)).toEqual(Array(30 - granted.length).fill('GOKART_FULL'));
    expect(granted.length).toBeGreaterThan(0);
    expect(granted.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(4);
    const [{ taken }] = await queryRows<{ taken: number }>(
      db,
      sql`select coalesce(sum(b.riders), 0)::int as taken from gokart_slot_bookings b join reservations r on r.id = b.reservation_id
          where b.product_id = ${KART} and b.slot_start_ts = '2025-06-04T14:00:00Z' and r.status in ('REQUESTED', 'PENDING_PAYMENT', 'ACCEPTED', 'CAPTURED', 'MANUAL')`,
    );
    expect(taken).toBeLessThanOrEqual(10);
    expect((await byDay()).slotsTaken['17:00']).toBe(taken);
    // Every granted booking holds both its slots: a refused one left no half booking behind.
    const rows = await db
      .select({ id: gokartSlotBookings.id })
      .from(gokartSlotBookings)
      .where(and(eq(gokartSlotBookings.productId, KART), eq(gokartSlotBookings.slotStartTs, new Date('2025-06-04T14:20:00Z'))));
    expect(rows.length).toBe(granted.length);
  });
});

if (!isPostgresRun()) {
  it('go-kart races run only on PostgreSQL (set DATABASE_URL)', () => {
    expect(isPostgresRun()).toBe(false);
  });
}
