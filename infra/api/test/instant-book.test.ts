import { and, eq } from 'drizzle-orm';
import { ApiErrorBody, PaymentOrderToken } from 'shared-kernel/schemas';
import { contracts, notifications, products, reservations } from '../src/db/schema';
import { FakePaymentOrders } from '../src/testing/fake-payment-orders';
import { expectApiError, tableDigest } from '../src/testing/assertions';
import { bookableDemoProduct, createTestApp, demoCast, type TestAs, type TestContext, type TestWho as Who } from '../src/testing/test-app';

// Issue 12: instant book (POST /reservations/product/{id}/automated-with-payment and its cancel).
// The clock starts on Monday 2 June 2025, 12:00 in Tallinn.

let ctx: TestContext;
let orders: FakePaymentOrders;
let productId: number; // omanik's, automatically approved, 30 €/day
let requestOnlyId: number; // business owner's, not automatically approved

let ids: Record<Who, number>;
let emails: Record<Who, string>;
let as: TestAs;

const local = (wall: string) => `${wall}:00+03:00`;
const body = (startDay: number, endDay: number, euros = 30 * (endDay - startDay), extra: Record<string, unknown> = {}) => ({
  startTs: local(`2025-06-${String(startDay).padStart(2, '0')}T08:00`),
  endTs: local(`2025-06-${String(endDay).padStart(2, '0')}T08:00`),
  name: 'Mari Maasikas',
  phone: '+3725123456',
  payment: { methodOptions: { preferredProvider: 'LHVBEE22' }, amount: euros },
  ...extra,
});

async function instant(who: Who | undefined, payload: unknown, product = productId) {
  return ctx.app.inject({
    method: 'POST',
    url: `/reservations/product/${product}/automated-with-payment`,
    headers: await as(who),
    payload: payload as Record<string, unknown>,
  });
}
async function cancel(who: Who | undefined, payload?: unknown, product = productId) {
  return ctx.app.inject({
    method: 'POST',
    url: `/reservations/product/${product}/automated-with-payment/cancel`,
    headers: await as(who),
    payload: payload as Record<string, unknown> | undefined,
  });
}
const reservationOf = async (hash: string | null) =>
  (
    await ctx.database.db
      .select()
      .from(reservations)
      .where(eq(reservations.hash, hash ?? ''))
  )[0];
const contractOf = async (reservationId: number) =>
  (await ctx.database.db.select().from(contracts).where(eq(contracts.reservationId, reservationId)))[0];
const tables = () => tableDigest(ctx.database.db, ['reservations', 'contracts', 'notifications', 'mail_outbox']);

beforeAll(async () => {
  orders = new FakePaymentOrders();
  ctx = await createTestApp({ demo: true, app: { paymentOrders: orders } });
  orders.bind(ctx.database, ctx.clock);
  ctx.clock.set('2025-06-02T09:00:00Z');
  ({ ids, emails, as } = await demoCast(ctx));
  productId = await bookableDemoProduct(ctx, ids.owner, {
    priceDailyCents: 3000,
    automaticallyApproved: true,
    automaticallyApprovedTxt: 'Võti on postkastis.',
  });
  requestOnlyId = await bookableDemoProduct(ctx, ids.business, {
    priceDailyCents: 3000,
    automaticallyApproved: false,
    automaticallyApprovedTxt: null,
  });
  await ctx.database.db.delete(reservations).where(eq(reservations.productId, productId));
});
afterAll(async () => {
  await ctx.close();
});

describe('POST /reservations/product/{id}/automated-with-payment', () => {
  it('holds the time in PENDING_PAYMENT with its contract, and answers the order for the quoted total', async () => {
    const res = await instant('renter', body(9, 11));
    expect(res.statusCode).toBe(200);
    const token = PaymentOrderToken.parse(res.json());
    const r = await reservationOf(token.reservationHash);
    expect(r).toMatchObject({
      kind: 'AUTOMATED',
      status: 'PENDING_PAYMENT',
      userId: ids.renter,
      priceCents: 6000,
      acceptedText: 'Võti on postkastis.',
      personName: 'Mari Maasikas',
    });
    expect(r.holdExpiresTs?.toISOString()).toBe('2025-06-02T09:15:00.000Z');
    const c = await contractOf(r.id);
    expect(c).toMatchObject({ status: 'PENDING_PAYMENT', amountCents: 6000, paidLater: false });
    expect(c.contractData).toMatchObject({ acceptedText: 'Võti on postkastis.', totalCents: 6000 });
    // The success view thanks the person by the name they booked with.
    expect(orders.last(r.id)).toMatchObject({
      userId: ids.renter,
      amountCents: 6000,
      bank: 'LHVBEE22',
      returnPath: `/public/rent-success?${new URLSearchParams({ name: 'Mari Maasikas', hash: r.hash }).toString()}`,
    });

    // The held time is taken for everyone, instant book and request alike.
    expectApiError(await instant('other', body(10, 12)), 409, 'UNAVAILABLE');
    const normal = await ctx.app.inject({
      method: 'POST',
      url: `/reservations/product/${productId}`,
      headers: await as('other'),
      payload: { startTs: local('2025-06-10T08:00'), endTs: local('2025-06-12T08:00') },
    });
    expectApiError(normal, 409, 'UNAVAILABLE');
  });

  it('PAID makes reservation and contract ACCEPTED and tells the owner', async () => {
    const token = PaymentOrderToken.parse((await instant('other', body(16, 17))).json());
    const r = await reservationOf(token.reservationHash);
    await orders.settle(orders.last(r.id), 'PAID');
    expect((await reservationOf(r.hash)).status).toBe('ACCEPTED');
    expect((await contractOf(r.id)).status).toBe('ACCEPTED');
    const notes = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ids.owner), eq(notifications.type, 'PRODUCT_RENTAL_REQUEST_APPROVED')));
    const [product] = await ctx.database.db.select({ name: products.name }).from(products).where(eq(products.id, productId));
    expect(notes.at(-1)?.message).toMatch(
      new RegExp(
        `^Kadri .*broneeris ja tasus toote ${product.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(16\\.06\\.2025 08:00 – 17\\.06\\.2025 08:00\\)\\.$`,
      ),
    );
    // The owner's mail is in the payment's transaction too (issue 29: it was never sent before).
    await ctx.app.jobs.runDue(['mail.send']);
    const mail = (await ctx.app.outbox.list(10)).find((m) => m.to === emails.owner && m.body.includes(notes.at(-1)?.message ?? '—'));
    expect(mail?.body).toContain('/auth/contracts');
    // Paid is final for the cancel call.
    expect((await cancel('other', { reservationHash: r.hash })).statusCode).toBe(200);
    expect((await reservationOf(r.hash)).status).toBe('ACCEPTED');
  });

  it.each(['FAILED', 'CANCELLED', 'EXPIRED'] as const)('%s frees the time at once and cancels the contract', async (outcome) => {
    const token = PaymentOrderToken.parse((await instant('admin', body(20, 21))).json());
    const r = await reservationOf(token.reservationHash);
    await orders.settle(orders.last(r.id), outcome);
    expect((await reservationOf(r.hash)).status).toBe('CANCELLED');
    expect((await contractOf(r.id)).status).toBe('CANCELLED');
  });

  it('refuses an amount other than the quoted total, a product that is not instantly bookable, and the go-kart track', async () => {
    const before = await tables();
    expectApiError(await instant('renter', body(23, 24, 29.99)), 409, 'PAYMENT_AMOUNT_MISMATCH');
    expectApiError(await instant('renter', body(23, 24, 60)), 409, 'PAYMENT_AMOUNT_MISMATCH');
    expectApiError(await instant('renter', body(23, 24), requestOnlyId), 400, 'NOT_AUTOMATED');
    expectApiError(await instant('renter', body(23, 24), 229), 400, 'NOT_AUTOMATED');
    expectApiError(await instant('renter', body(23, 24), 99_999_999), 404, 'NOT_FOUND');
    // The calendar rules of a normal request.
    expectApiError(await instant('renter', { ...body(23, 24), startTs: local('2025-06-23T06:00') }), 409, 'UNAVAILABLE');
    expectApiError(await instant('renter', body(1, 2)), 400, 'INVALID_TIMES');
    expect(await tables()).toBe(before);
  });

  it('releases the hold at once when the payment cannot start', async () => {
    orders.failNextCreate = true;
    expectApiError(await instant('renter', body(25, 26)), 503, 'INTERNAL_ERROR');
    expect((await instant('other', body(25, 26))).statusCode).toBe(200);
  });
});

describe('POST …/automated-with-payment/cancel', () => {
  it("releases the caller's held instant book, is idempotent, and leaves other renters' holds alone", async () => {
    const mine = PaymentOrderToken.parse((await instant('renter', body(27, 28))).json());
    const other = await reservationOf(PaymentOrderToken.parse((await instant('admin', body(29, 30))).json()).reservationHash);
    expect((await cancel('renter', { reservationHash: 'not-this-one' })).statusCode).toBe(200);
    expect((await reservationOf(mine.reservationHash)).status).toBe('PENDING_PAYMENT');
    expect((await cancel('renter', {})).json()).toEqual({ ok: true });
    const r = await reservationOf(mine.reservationHash);
    expect(r.status).toBe('CANCELLED');
    expect((await contractOf(r.id)).status).toBe('CANCELLED');
    expect((await reservationOf(other.hash)).status).toBe('PENDING_PAYMENT');
    const after = await tables();
    const again = await cancel('renter');
    expect({ status: again.statusCode, body: again.body }).toEqual({ status: 200, body: '{"ok":true}' });
    expect(await tables()).toBe(after);
    // The time is free again; the late outcome of the released order changes nothing.
    expect((await instant('other', body(27, 28))).statusCode).toBe(200);
    await orders.settle(orders.last(r.id), 'PAID');
    expect((await reservationOf(r.hash)).status).toBe('CANCELLED');
  });
});

describe('authorization matrix', () => {
  it('instant book: signed-in ROLE_USER, ROLE_ADMIN and a limited debtor within the limit, never the owner', async () => {
    const before = await tables();
    const b = body(23, 24);
    expectApiError(await instant(undefined, b), 401, 'UNAUTHORIZED');
    expect(expectApiError(await instant('needsId', b), 403, 'FORBIDDEN').codes).toContain('IDENTITY_NOT_VERIFIED');
    expectApiError(await instant('owner', b), 400, 'SELF_PRODUCT');
    expect(await tables()).toBe(before);
    expect((await instant('business', b)).statusCode).toBe(200);
    const limited = await instant('limited', body(6, 7));
    expect(limited.statusCode).toBe(200);
  });

  it('cancel: anonymous 401; anyone else cancels only their own hold', async () => {
    const held = await reservationOf(PaymentOrderToken.parse((await instant('renter', body(3, 4))).json()).reservationHash);
    const before = await tables();
    expectApiError(await cancel(undefined, { reservationHash: held.hash }), 401, 'UNAUTHORIZED');
    for (const who of ['owner', 'other', 'limited', 'needsId', 'admin'] as const)
      expect((await cancel(who, { reservationHash: held.hash })).statusCode).toBe(200);
    expect(await tables()).toBe(before);
    expect((await cancel('renter', { reservationHash: held.hash })).statusCode).toBe(200);
    expect((await reservationOf(held.hash)).status).toBe('CANCELLED');
  });
});

describe('bad input: 4xx with a code, never a 500, nothing changed', () => {
  it('walks instant book and its cancel with broken ids, bodies and NUL characters', async () => {
    const before = await tables();
    const headers = { ...(await as('renter')), 'content-type': 'application/json' };
    const refused = (what: string, res: { statusCode: number; body: string }) => {
      expect({ what, ok: res.statusCode >= 400 && res.statusCode < 500 }).toEqual({ what, ok: true });
      const parsed = ApiErrorBody.parse(JSON.parse(res.body));
      expect(parsed.codes[0]).toBe(parsed.code);
    };
    const ok = body(23, 24);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', '%00', '1%00', '%E2%82', 'null', '1e3']) {
      refused(
        `instant ${id}`,
        await ctx.app.inject({
          method: 'POST',
          url: `/reservations/product/${id}/automated-with-payment`,
          headers,
          payload: JSON.stringify(ok),
        }),
      );
      // 1e3 reads as product 1000: nothing of the caller's is held there, and the cancel answers ok.
      if (id !== '1e3')
        refused(
          `cancel ${id}`,
          await ctx.app.inject({
            method: 'POST',
            url: `/reservations/product/${id}/automated-with-payment/cancel`,
            headers,
            payload: '{}',
          }),
        );
    }
    const bodies: unknown[] = [
      '{"startTs": ',
      'null',
      '"x"',
      [ok],
      {},
      { ...ok, startTs: '2025-06-23' },
      { ...ok, startTs: `${ok.startTs}\u0000` },
      { ...ok, endTs: 1750654800000 },
      { ...ok, name: '' },
      { ...ok, name: 'Mari\u0000' },
      { ...ok, name: 'x'.repeat(201) },
      { ...ok, phone: 'ei ütle' },
      { ...ok, phone: '+372 5\u0000' },
      { ...ok, payment: null },
      { ...ok, payment: { ...ok.payment, amount: 0 } },
      { ...ok, payment: { ...ok.payment, amount: '30' } },
      { ...ok, payment: { ...ok.payment, amount: 30.005 } },
      { ...ok, payment: { ...ok.payment, method: 'card' } },
      { ...ok, payment: { methodOptions: {}, amount: 30 } },
      { ...ok, payment: { methodOptions: { preferredProvider: 'LHV\u0000' }, amount: 30 } },
      { ...ok, payment: { ...ok.payment, methodDisplay: 'x\u0000' } },
    ];
    for (const b of bodies) {
      const payload = typeof b === 'string' ? b : JSON.stringify(b);
      refused(
        payload.slice(0, 80),
        await ctx.app.inject({ method: 'POST', url: `/reservations/product/${productId}/automated-with-payment`, headers, payload }),
      );
    }
    for (const b of ['[]', '"x"', '{"reservationHash": 5}', JSON.stringify({ reservationHash: 'x'.repeat(65) }), '{"reservationHash": ']) {
      refused(
        `cancel ${b}`,
        await ctx.app.inject({
          method: 'POST',
          url: `/reservations/product/${productId}/automated-with-payment/cancel`,
          headers,
          payload: b,
        }),
      );
    }
    expect(await tables()).toBe(before);
  });
});
