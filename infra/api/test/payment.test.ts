import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import {
  AccountHistory,
  AccountSummary,
  PayContractsAnswer,
  PaymentMethodList,
  PaymentOrderCreated,
  PaymentOrderToken,
  SessionUser,
  WithdrawalAnswer,
} from 'shared-kernel/schemas';
import { contracts, paymentOrders, payments, products, reservations, users } from '../src/db/schema';
import { newReservationHash } from '../src/repositories/reservation-repository';
import { accounts, accountBalance } from '../src/repositories/ledger';
import { runMoneySweep } from '../src/services/payments/money-jobs';
import { signJwt, verifyJwt } from '../src/services/payments/jwt';
import { BANK_LIST_TTL_MS, MontonioProvider, SANDBOX_ACCESS_KEY, SANDBOX_SECRET } from '../src/services/payments/provider';
import { expectApiError, ledgerProblems, tableDigest } from '../src/testing/assertions';
import { buildApp } from '../src/app';
import { createTestApp, demoCast, replicaOf, type TestAs, type TestContext, type TestWho as Who } from '../src/testing/test-app';
import { testFilesDir } from '../src/testing/test-database';
import { callerAs, type CallAs } from '../src/testing/demo-calls';

// Issue 12, the money side of the API: deposit through the sandbox bank, the webhook applied
// exactly once, withdrawal, paying contracts from the balance, realisation, refunds, settings.

let ctx: TestContext;
let ids: Record<Who, number>;
let as: TestAs;
const API = 'http://localhost:3000/api';
const VALID_IBAN = 'EE382200221020145685';
let productId: number;

const call: CallAs<Who> = (...args) => callerAs(ctx, as)(...args);
const pathOf = (url: string) => {
  expect(url.startsWith(API)).toBe(true);
  return url.slice(API.length);
};
const balance = (who: Who) => accountBalance(ctx.database.db, accounts.wallet(ids[who]));
const pending = (who: Who) => accountBalance(ctx.database.db, accounts.pending(ids[who]));
const moneyTables = () =>
  tableDigest(ctx.database.db, ['payments', 'payment_orders', 'ledger_transactions', 'ledger_entries', 'contracts', 'reservations']);
const deposit = (amount: number, bank = 'HABAEE2X') => ({ payment: { methodOptions: { preferredProvider: bank }, amount } });

async function startDeposit(who: Who, amount: number): Promise<PaymentOrderToken> {
  const res = await call(who, 'POST', '/payment', deposit(amount));
  expect({ status: res.statusCode, body: res.body }).toMatchObject({ status: 200 });
  return PaymentOrderToken.parse(res.json());
}

/** The browser's part: the provider's page of the order the API created, the person's choice. */
async function throughBank(order: Pick<PaymentOrderToken, 'paymentUrl'>, choice: 'PAID' | 'VOIDED' | 'ABANDONED'): Promise<string> {
  const { paymentUrl } = order;
  const page = await ctx.app.inject({ url: pathOf(paymentUrl) });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('Maksa');
  expect(page.body).toContain('Makse ebaõnnestub');
  expect(page.body).toContain('Katkesta');
  const chosen = await ctx.app.inject({
    method: 'POST',
    url: pathOf(paymentUrl),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `choice=${choice}`,
  });
  expect(chosen.statusCode).toBe(303);
  return chosen.headers.location as string;
}

/** Montonio's order token (Stargate "Validate the Order") for one of our orders. */
function notification(
  merchantReference: string,
  paymentStatus: 'PAID' | 'VOIDED' | 'ABANDONED' | 'PENDING' | 'AUTHORIZED' | 'REFUNDED',
  grandTotal: number | string,
  { secret = SANDBOX_SECRET, accessKey = SANDBOX_ACCESS_KEY, currency = 'EUR' } = {},
): Promise<string> {
  return signJwt(
    {
      uuid: `u-${merchantReference}`,
      accessKey,
      merchantReference,
      paymentStatus,
      paymentMethod: 'paymentInitiation',
      grandTotal,
      currency,
    },
    secret,
    ctx.clock.now(),
  );
}
/** The sandbox bank's page for an order it no longer has: HTML in Estonian with a way back, no JSON. */
function expectMissingPage(res: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  expect(res.statusCode).toBe(404);
  expect(String(res.headers['content-type'])).toMatch(/^text\/html/);
  expect(res.body).toContain('Makset ei leitud või see on juba lõpetatud.');
  expect(res.body).toContain('<a href="http://localhost:3000/auth/account">Tagasi Rendime lehele</a>');
  expect(res.body).not.toContain('NOT_FOUND');
}
const notify = (orderToken: string) => ctx.app.inject({ method: 'POST', url: '/payment/notify', payload: { orderToken } });
/** Where the bank's return with this token sends the browser (always a 303). */
async function returnLocation(orderToken: string): Promise<string | undefined> {
  const back = await ctx.app.inject({ url: `/payment/return?order-token=${encodeURIComponent(orderToken)}` });
  expect(back.statusCode).toBe(303);
  return back.headers.location as string | undefined;
}
const FAILURE_PAGE = 'http://localhost:3000/auth/account?payment_result=failure';

/** A contract waiting for the renter's payment: start `startInHours` from now, two days long. */
async function pendingContract(opts: {
  startInHours: number;
  amountCents?: number;
  feeCents?: number;
  servicesCents?: number;
  renter?: Who;
}): Promise<number> {
  const db = ctx.database.db;
  const now = ctx.clock.now().getTime();
  const startTs = new Date(now + opts.startInHours * 3_600_000);
  const endTs = new Date(startTs.getTime() + 48 * 3_600_000);
  const renterId = ids[opts.renter ?? 'renter'];
  // A product of its own, so the test's contracts never overlap in one calendar.
  const [{ categoryId }] = await db.select({ categoryId: products.categoryId }).from(products).where(eq(products.id, productId));
  const [product] = await db
    .insert(products)
    .values({ userId: ids.owner, categoryId, name: 'Haagis', priceDailyCents: 3000 })
    .returning({ id: products.id });
  const [r] = await db
    .insert(reservations)
    .values({
      hash: newReservationHash(),
      productId: product.id,
      userId: renterId,
      productOwnerId: ids.owner,
      status: 'ACCEPTED',
      startTs,
      endTs,
      priceCents: opts.amountCents ?? 6000,
    })
    .returning({ id: reservations.id });
  const [c] = await db
    .insert(contracts)
    .values({
      reservationId: r.id,
      productId: product.id,
      renterId,
      ownerId: ids.owner,
      status: 'PENDING_PAYMENT',
      startTs,
      endTs,
      amountCents: opts.amountCents ?? 6000,
      feeCents: opts.feeCents ?? 100,
      additionalServiceCostCents: opts.servicesCents ?? 1000,
      contractData: { product: { id: product.id, name: 'Haagis' } },
    })
    .returning({ id: contracts.id });
  return c.id;
}

beforeAll(async () => {
  ctx = await createTestApp({ demo: true });
  ctx.clock.set('2025-06-02T09:00:00Z');
  ({ ids, as } = await demoCast(ctx));
  const [p] = await ctx.database.db.select({ id: products.id }).from(products).where(eq(products.userId, ids.owner)).limit(1);
  productId = p.id;
});
afterAll(async () => {
  await ctx.close();
});

describe('deposit through the sandbox bank', () => {
  it('the demo renter starts with 150 € in the ledger', async () => {
    expect(await balance('renter')).toBe(15000);
  });

  it('lists the Estonian banks with logos from GET /payment/methods; the sandbox store answers Montonio’s shape to a bearer token only', async () => {
    const banks = PaymentMethodList.parse((await call('renter', 'GET', '/payment/methods')).json());
    expect(banks.map((b) => b.name)).toEqual(['Swedbank', 'SEB', 'LHV', 'Luminor', 'Coop Pank', 'Citadele', 'Kaardimakse']);
    const logo = await ctx.app.inject({ url: pathOf(banks[0].logoUrl) });
    expect(logo.headers['content-type']).toContain('image/svg+xml');
    expect(logo.body).toContain('<svg');
    const bearer = await signJwt({ accessKey: SANDBOX_ACCESS_KEY }, SANDBOX_SECRET, ctx.clock.now());
    const store = await ctx.app.inject({
      url: '/sandbox/bank-link/stores/payment-methods',
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(store.json()).toMatchObject({
      paymentMethods: {
        paymentInitiation: {
          setup: { EE: { paymentMethods: expect.arrayContaining([expect.objectContaining({ code: 'HABAEE2X', name: 'Swedbank' })]) } },
        },
      },
    });
    expectApiError(await ctx.app.inject({ url: '/sandbox/bank-link/stores/payment-methods' }), 401, 'UNAUTHORIZED');
    expectApiError(
      await ctx.app.inject({ url: '/sandbox/bank-link/stores/payment-methods', headers: { authorization: `Bearer ${bearer}x` } }),
      401,
      'UNAUTHORIZED',
    );
  });

  it('the sandbox store refuses a bearer token that expired, is unsigned (alg none) or signed with another algorithm', async () => {
    const storeWith = (token: string) =>
      ctx.app.inject({ url: '/sandbox/bank-link/stores/payment-methods', headers: { authorization: `Bearer ${token}` } });
    const now = ctx.clock.now();
    // Ten minutes of life: good a second before the end, refused a second after it.
    const issued = new Date(now.getTime() - 599_000);
    expect((await storeWith(await signJwt({ accessKey: SANDBOX_ACCESS_KEY }, SANDBOX_SECRET, issued))).statusCode).toBe(200);
    const stale = await signJwt({ accessKey: SANDBOX_ACCESS_KEY }, SANDBOX_SECRET, new Date(now.getTime() - 601_000));
    expectApiError(await storeWith(stale), 401, 'UNAUTHORIZED');
    const exp = Math.floor(now.getTime() / 1000) + 600;
    const body = Buffer.from(JSON.stringify({ accessKey: SANDBOX_ACCESS_KEY, exp })).toString('base64url');
    const header = (alg: string) => Buffer.from(JSON.stringify({ alg, typ: 'JWT' })).toString('base64url');
    expectApiError(await storeWith(`${header('none')}.${body}.`), 401, 'UNAUTHORIZED');
    const hs512 = crypto
      .createHmac('sha512', SANDBOX_SECRET)
      .update(`${header('HS512')}.${body}`)
      .digest('base64url');
    expectApiError(await storeWith(`${header('HS512')}.${body}.${hs512}`), 401, 'UNAUTHORIZED');
    // Without a time to judge it by (Montonio's retried webhooks), only the signature counts.
    expect(await verifyJwt(stale, SANDBOX_SECRET, null)).toMatchObject({ accessKey: SANDBOX_ACCESS_KEY });
    expect(await verifyJwt(stale, 'someone-elses-secret', null)).toBeNull();
  });

  it('50 € paid at the bank page raises the balance by 50 € before the browser is back; the return shows success', async () => {
    const before = await balance('renter');
    const order = await startDeposit('renter', 50);
    const back = await throughBank(order, 'PAID');
    expect(await balance('renter')).toBe(before + 5000);
    expect(back.startsWith(`${API}/payment/return?order-token=`)).toBe(true);
    const shown = await ctx.app.inject({ url: pathOf(back) });
    expect(shown.statusCode).toBe(303);
    expect(shown.headers.location).toBe('http://localhost:3000/auth/account?payment_result=success');
    // The return only shows: coming back twice credits nothing more.
    await ctx.app.inject({ url: pathOf(back) });
    expect(await balance('renter')).toBe(before + 5000);
    const history = AccountHistory.parse((await call('renter', 'GET', '/payment/my-account-history')).json());
    expect(history[0]).toMatchObject({ titleCode: 'INPAYMENT', direction: 'IN', status: 'COMPLETED', amountCents: 5000, amount: 50 });
  });

  it('a failed or cancelled payment changes no balance and the return shows failure; the bank page is gone afterwards', async () => {
    const before = await balance('renter');
    for (const choice of ['VOIDED', 'ABANDONED'] as const) {
      const order = await startDeposit('renter', 50);
      const back = await throughBank(order, choice);
      const shown = await ctx.app.inject({ url: pathOf(back) });
      expect(shown.headers.location).toBe('http://localhost:3000/auth/account?payment_result=failure');
      const [row] = await ctx.database.db.select().from(paymentOrders).where(eq(paymentOrders.merchantReference, order.merchantReference));
      expect(row.status).toBe(choice === 'VOIDED' ? 'FAILED' : 'CANCELLED');
    }
    expect(await balance('renter')).toBe(before);
    const history = AccountHistory.parse((await call('renter', 'GET', '/payment/my-account-history?size=100')).json());
    expect(history.some((h) => h.status === 'FAILED')).toBe(false);
  });

  it('the bank page escapes what it shows and answers 404 for an unknown order', async () => {
    expectMissingPage(await ctx.app.inject({ url: '/sandbox/bank-link/pay/AAAAAAAAAAAAAAAAAAAAAA' }));
    expectApiError(
      await ctx.app.inject({ method: 'POST', url: '/sandbox/bank-link/orders', payload: { data: 'not.a.jwt' } }),
      400,
      'INVALID_SIGNATURE',
    );
  });
});

describe('the sandbox bank on several replicas', () => {
  it('answers a bank page opened through another replica, and decides an order once', async () => {
    const other = await buildApp({
      database: ctx.database,
      clock: ctx.clock,
      config: { filesDir: testFilesDir(), seedDemoData: false, sandboxServices: true, cookieSecure: false, rateLimits: false },
    });
    try {
      const order = await startDeposit('renter', 15);
      const { paymentUrl } = order;
      const page = await other.inject({ url: pathOf(paymentUrl) });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('15,00');
      const press = () => ({
        method: 'POST' as const,
        url: pathOf(paymentUrl),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'choice=VOIDED',
      });
      const [first, second] = await Promise.all([other.inject(press()), ctx.app.inject(press())]);
      expect([first.statusCode, second.statusCode].sort()).toEqual([303, 404]);
      expectMissingPage(first.statusCode === 404 ? first : second);
      // The browser's back button to a decided order: a page in Estonian, never an API error body.
      expectMissingPage(await ctx.app.inject({ url: pathOf(paymentUrl) }));
    } finally {
      await other.close();
    }
  });
});

describe('the sandbox bank’s notification after a replica dies', () => {
  it('is queued with the decision: when the deciding replica cannot deliver it, another one does, and the money is credited once', async () => {
    // A replica whose own address no longer answers (it is going down): its first attempt fails.
    const dying = await replicaOf(ctx, { config: { apiInternalUrl: 'http://127.0.0.1:9' } });
    const before = await balance('renter');
    try {
      const order = await startDeposit('renter', 12);
      const { paymentUrl } = order;
      const chosen = await dying.inject({
        method: 'POST',
        url: pathOf(paymentUrl),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'choice=PAID',
      });
      expect(chosen.statusCode).toBe(303);
      expect(await balance('renter')).toBe(before);
    } finally {
      await dying.close();
    }
    // Another replica's round after the backoff delivers it; more rounds change nothing.
    ctx.clock.advance(11_000);
    await ctx.app.jobs.runDue(['webhook.deliver']);
    await ctx.app.jobs.runDue(['webhook.deliver']);
    expect(await balance('renter')).toBe(before + 1200);
    expect(await ledgerProblems(ctx.database.db)).toEqual({
      unbalancedTransactions: 0,
      ledgerSum: 0,
      negativeWallets: 0,
      oneLegTransactions: 0,
    });
  });
});

describe('the webhook', () => {
  it('delivered 10 times in a row and 10 times at once credits once', async () => {
    const before = await balance('renter');
    const order = await startDeposit('renter', 20);
    const data = await notification(order.merchantReference, 'PAID', 20);
    for (let i = 0; i < 10; i++) expect((await notify(data)).statusCode).toBe(200);
    const again = await Promise.all(Array.from({ length: 10 }, () => notify(data)));
    expect(again.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(await balance('renter')).toBe(before + 2000);
    const rows = await ctx.database.db.select().from(payments).where(eq(payments.providerRef, order.merchantReference));
    expect(rows).toHaveLength(1);
    // A failure notice after the payment changes nothing either.
    await notify(await notification(order.merchantReference, 'VOIDED', 20));
    expect(await balance('renter')).toBe(before + 2000);
  });

  it('a bad signature is refused with INVALID_SIGNATURE and changes nothing', async () => {
    const order = await startDeposit('renter', 20);
    const before = await moneyTables();
    const forged = await notification(order.merchantReference, 'PAID', 20, { secret: 'someone-elses-secret' });
    expectApiError(await notify(forged), 400, 'INVALID_SIGNATURE');
    const tampered = (await notification(order.merchantReference, 'PAID', 20)).replace(
      /\.([^.]+)\./,
      (_m, body: string) => `.${body.slice(0, -2)}AA.`,
    );
    expectApiError(await notify(tampered), 400, 'INVALID_SIGNATURE');
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ uuid: 'u', accessKey: SANDBOX_ACCESS_KEY, merchantReference: order.merchantReference, paymentStatus: 'PAID', grandTotal: 20, currency: 'EUR' })).toString('base64url')}.`;
    expectApiError(await notify(none), 400, 'INVALID_SIGNATURE');
    // The return is a browser navigation: a forged token lands on the failure notice, never on JSON.
    expect(await returnLocation(forged)).toBe(FAILURE_PAGE);
    expect(await moneyTables()).toBe(before);
  });

  it('a signed token whose reference, uuid, status or currency carries a NUL or an overlong value is refused (notify 400, return to the failure page) before any query', async () => {
    const order = await startDeposit('renter', 20);
    const before = await moneyTables();
    const signed = (claims: Record<string, unknown>) =>
      signJwt(
        {
          uuid: 'u-1',
          accessKey: SANDBOX_ACCESS_KEY,
          merchantReference: order.merchantReference,
          paymentStatus: 'PAID',
          grandTotal: 20,
          currency: 'EUR',
          ...claims,
        },
        SANDBOX_SECRET,
        ctx.clock.now(),
      );
    for (const claims of [
      { merchantReference: `${order.merchantReference}\u0000` },
      { merchantReference: 'RM-\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000' },
      { merchantReference: 'R'.repeat(3_000) },
      { merchantReference: 42 },
      { uuid: 'u\u0000' },
      { uuid: 'u'.repeat(3_000) },
      { paymentStatus: 'PAID\u0000' },
      { currency: 'EU\u0000' },
      { currency: 'E'.repeat(3_000) },
    ]) {
      const token = await signed(claims);
      expect(expectApiError(await notify(token), 400, 'INVALID_SIGNATURE').message).toBe('Makseteatise allkiri ei klapi.');
      expect(await returnLocation(token)).toBe(FAILURE_PAGE);
    }
    expect(await moneyTables()).toBe(before);
    // The same token with clean fields is ours: the check refused the fields, not the order.
    expect((await notify(await signed({}))).statusCode).toBe(200);
  });

  it('PENDING and AUTHORIZED returns show the pending result and keep the order open for a later PAID', async () => {
    const before = await balance('renter');
    const order = await startDeposit('renter', 9);
    for (const status of ['PENDING', 'AUTHORIZED'] as const) {
      expect(await returnLocation(await notification(order.merchantReference, status, 9))).toBe(
        'http://localhost:3000/auth/account?payment_result=pending',
      );
    }
    const [open] = await ctx.database.db.select().from(paymentOrders).where(eq(paymentOrders.merchantReference, order.merchantReference));
    expect(open.status).toBe('PENDING');
    expect((await notify(await notification(order.merchantReference, 'PAID', 9))).statusCode).toBe(200);
    expect(await balance('renter')).toBe(before + 900);
  });

  it('an order not paid within the hold expires; a payment arriving after that still lands on the balance', async () => {
    const before = await balance('renter');
    const order = await startDeposit('renter', 30);
    ctx.clock.advance(16 * 60_000);
    await runMoneySweep(ctx.app, ctx.app.bankLink);
    const [row] = await ctx.database.db.select().from(paymentOrders).where(eq(paymentOrders.merchantReference, order.merchantReference));
    expect(row.status).toBe('EXPIRED');
    await notify(await notification(order.merchantReference, 'PAID', 30));
    await notify(await notification(order.merchantReference, 'PAID', 30));
    expect(await balance('renter')).toBe(before + 3000);
  });
});

describe('Montonio order tokens checked against our order (issue 30)', () => {
  it('credits the exact cents of decimal amounts: 0.10, 19.99, 1234.56 (number or string)', async () => {
    for (const [euros, cents, wire] of [
      [0.1, 10, 0.1],
      [19.99, 1999, '19.99'],
      [1234.56, 123456, 1234.56],
    ] as const) {
      const before = await balance('renter');
      const order = await startDeposit('renter', euros);
      const [row] = await ctx.database.db.select().from(paymentOrders).where(eq(paymentOrders.merchantReference, order.merchantReference));
      expect(row.amountCents).toBe(cents);
      expect((await notify(await notification(order.merchantReference, 'PAID', wire))).statusCode).toBe(200);
      expect(await balance('renter')).toBe(before + cents);
    }
  });

  it('a signed token with another amount, currency or merchant key is refused with an Estonian message and moves no money', async () => {
    const order = await startDeposit('renter', 19.99);
    const before = await moneyTables();
    for (const token of [
      await notification(order.merchantReference, 'PAID', 19.98),
      await notification(order.merchantReference, 'PAID', '199.9'),
      await notification(order.merchantReference, 'PAID', 19.99, { currency: 'PLN' }),
    ]) {
      const body = expectApiError(await notify(token), 400, 'NOTIFICATION_MISMATCH');
      expect(body.message).toBe('Makseteatise summa, valuuta või saaja ei klapi tellimusega.');
      expect(await returnLocation(token)).toBe(FAILURE_PAGE);
    }
    const otherMerchant = await notification(order.merchantReference, 'PAID', 19.99, { accessKey: 'another-store' });
    expect(expectApiError(await notify(otherMerchant), 400, 'INVALID_SIGNATURE').message).toBe('Makseteatise allkiri ei klapi.');
    expect(await moneyTables()).toBe(before);
  });

  it('an unknown order is 404 with an Estonian message; VOIDED and ABANDONED close the order with no money; PENDING, AUTHORIZED and refunds change nothing', async () => {
    const before = await balance('renter');
    expect(expectApiError(await notify(await notification('RM-notoursnotoursno', 'PAID', 5)), 404, 'NOT_FOUND').message).toBe(
      'Makset ei leitud.',
    );
    for (const [status, closed] of [
      ['VOIDED', 'FAILED'],
      ['ABANDONED', 'CANCELLED'],
    ] as const) {
      const order = await startDeposit('renter', 7);
      for (const idle of ['PENDING', 'AUTHORIZED', 'REFUNDED'] as const)
        expect((await notify(await notification(order.merchantReference, idle, 7))).statusCode).toBe(200);
      const [open] = await ctx.database.db.select().from(paymentOrders).where(eq(paymentOrders.merchantReference, order.merchantReference));
      expect(open.status).toBe('PENDING');
      expect((await notify(await notification(order.merchantReference, status, 7))).statusCode).toBe(200);
      const [row] = await ctx.database.db.select().from(paymentOrders).where(eq(paymentOrders.merchantReference, order.merchantReference));
      expect(row.status).toBe(closed);
      const back = await ctx.app.inject({
        url: `/payment/return?order-token=${encodeURIComponent(await notification(order.merchantReference, status, 7))}`,
      });
      expect(back.headers.location).toBe('http://localhost:3000/auth/account?payment_result=failure');
    }
    expect((await ctx.app.inject({ method: 'POST', url: '/payment/notify', payload: { refundToken: 'a.b.c' } })).statusCode).toBe(200);
    expect(await balance('renter')).toBe(before);
  });
});

describe('POST /payment/withdrawal', () => {
  it('needs a valid IBAN on the profile (NO_ACCOUNT_NR), refuses more than the balance, and pays out as pending', async () => {
    await ctx.database.db.update(users).set({ accountNr: null }).where(eq(users.id, ids.renter));
    expectApiError(await call('renter', 'POST', '/payment/withdrawal', { amount: 10 }), 409, 'NO_ACCOUNT_NR');
    const set = await call('renter', 'PUT', `/users/${ids.renter}/update`, { accountNr: 'ee38 2200 2210 2014 5685' });
    expect(SessionUser.parse(set.json()).accountNr).toBe(VALID_IBAN);
    const have = await balance('renter');
    const before = await moneyTables();
    const refused = expectApiError(
      await call('renter', 'POST', '/payment/withdrawal', { amount: have / 100 + 0.01 }),
      409,
      'INSUFFICIENT_FUNDS',
    );
    expect(refused.message).toBe('Kontol puuduvad vahendid.');
    expect(await moneyTables()).toBe(before);
    const done = WithdrawalAnswer.parse((await call('renter', 'POST', '/payment/withdrawal', { amount: 12.34 })).json());
    expect(done).toMatchObject({ amountCents: 1234, balanceCents: have - 1234 });
    const history = AccountHistory.parse((await call('renter', 'GET', '/payment/my-account-history')).json());
    expect(history[0]).toMatchObject({ titleCode: 'OUTPAYMENT', direction: 'OUT', status: 'PENDING', amountCents: 1234 });
    expect(history[0].expectedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Days pass: the payout stays pending until an operator pays it out (test/admin-payouts.test.ts, ADR 0045).
    ctx.clock.advance(5 * 24 * 3_600_000);
    await runMoneySweep(ctx.app, ctx.app.bankLink);
    const later = AccountHistory.parse((await call('renter', 'GET', '/payment/my-account-history')).json());
    expect(later.find((h) => h.id === done.paymentId)?.status).toBe('PENDING');
  });
});

describe('POST /payment/withdrawal to a foreign IBAN', () => {
  it('pays out to a valid foreign IBAN on the profile (issue 25)', async () => {
    await call('renter', 'PUT', `/users/${ids.renter}/update`, { accountNr: 'BE68539007547034' });
    const have = await balance('renter');
    const done = WithdrawalAnswer.parse((await call('renter', 'POST', '/payment/withdrawal', { amount: 1 })).json());
    expect(done).toMatchObject({ amountCents: 100, balanceCents: have - 100 });
  });
});

describe('PUT /payment/contract', () => {
  it('pays from the balance: ACCEPTED, balance down by the total, the owner’s rent pending, the fee to the platform; realised after the end', async () => {
    const id = await pendingContract({ startInHours: 72 });
    const renterBefore = await balance('renter');
    const ownerBefore = await balance('owner');
    const ownerPendingBefore = await pending('owner');
    const feesBefore = await accountBalance(ctx.database.db, accounts.fees);
    const paid = PayContractsAnswer.parse((await call('renter', 'PUT', `/payment/contract?contracts=${id}`)).json());
    expect(paid).toEqual({ paidCents: 7100, balanceCents: renterBefore - 7100, contractIds: [id] });
    const [c] = await ctx.database.db.select().from(contracts).where(eq(contracts.id, id));
    expect(c.status).toBe('ACCEPTED');
    expect(await pending('owner')).toBe(ownerPendingBefore + 7000);
    expect(await accountBalance(ctx.database.db, accounts.fees)).toBe(feesBefore + 100);
    const ownerSummary = AccountSummary.parse((await call('owner', 'GET', '/payment/unpaid-contracts')).json());
    expect(ownerSummary.balanceCents).toBe(ownerBefore);
    const ownerHistory = AccountHistory.parse((await call('owner', 'GET', '/payment/my-account-history')).json());
    expect(ownerHistory[0]).toMatchObject({
      titleCode: 'INPAYMENT_FOR_RENT',
      status: 'PENDING',
      amountCents: 7000,
      contractId: id,
      productName: 'Haagis',
    });
    // Paying again is refused: it no longer waits for payment.
    expectApiError(await call('renter', 'PUT', `/payment/contract?contracts=${id}`), 409, 'INVALID_STATUS');
    // The rental ends (72 h + 48 h): the owner's rent is realised on read.
    ctx.clock.advance(121 * 3_600_000);
    const after = AccountSummary.parse((await call('owner', 'GET', '/payment/unpaid-contracts')).json());
    expect(after.balanceCents).toBe(ownerBefore + 7000);
    const realised = AccountHistory.parse((await call('owner', 'GET', '/payment/my-account-history?size=100')).json());
    expect(realised.find((h) => h.contractId === id)?.status).toBe('COMPLETED');
    await runMoneySweep(ctx.app, ctx.app.bankLink);
    expect(await balance('owner')).toBe(ownerBefore + 7000);
  });

  it('lists the renter’s unpaid contracts with the balance', async () => {
    const id = await pendingContract({ startInHours: 100 });
    const summary = AccountSummary.parse((await call('renter', 'GET', '/payment/unpaid-contracts')).json());
    expect(summary.balanceCents).toBe(await balance('renter'));
    expect(summary.balance).toBe(summary.balanceCents / 100);
    expect(summary.unpaidContracts.map((c) => c.id)).toContain(id);
    expect(summary.unpaidContracts.every((c) => c.status === 'PENDING_PAYMENT')).toBe(true);
  });

  it('refuses less than an hour before the start (PAYMENT_TOO_LATE) and more than the balance (INSUFFICIENT_FUNDS), all or nothing', async () => {
    const late = await pendingContract({ startInHours: 0.9 });
    const fine = await pendingContract({ startInHours: 30 });
    let before = await moneyTables();
    expectApiError(await call('renter', 'PUT', `/payment/contract?contracts=${fine},${late}`), 409, 'PAYMENT_TOO_LATE');
    expect(await moneyTables()).toBe(before);
    const huge = await pendingContract({ startInHours: 30, amountCents: (await balance('renter')) + 1 });
    before = await moneyTables();
    const refused = expectApiError(await call('renter', 'PUT', `/payment/contract?contracts=${fine},${huge}`), 409, 'INSUFFICIENT_FUNDS');
    expect(refused.message).toBe('Kontol puuduvad vahendid.');
    expect(await moneyTables()).toBe(before);
  });

  it('someone else’s contract is not found, and the owner cannot pay their own incoming one', async () => {
    const id = await pendingContract({ startInHours: 50 });
    const before = await moneyTables();
    expectApiError(await call('other', 'PUT', `/payment/contract?contracts=${id}`), 404, 'NOT_FOUND');
    expectApiError(await call('owner', 'PUT', `/payment/contract?contracts=${id}`), 404, 'NOT_FOUND');
    expectApiError(await call('renter', 'PUT', `/payment/contract?contracts=999999`), 404, 'NOT_FOUND');
    expect(await moneyTables()).toBe(before);
  });
});

describe('refund on cancel', () => {
  it('cancelling a paid contract more than 48 h ahead credits the whole payment to the renter once', async () => {
    const id = await pendingContract({ startInHours: 100 });
    await call('renter', 'PUT', `/payment/contract?contracts=${id}`);
    const renterBefore = await balance('renter');
    const ownerPending = await pending('owner');
    const preview = await call('renter', 'GET', `/contracts/${id}/refund-preview`);
    expect(preview.json()).toMatchObject({ paidCents: 7100, refundCents: 7100, percent: 100 });
    const cancelled = await call('renter', 'PUT', `/contracts/cancel/${id}`);
    expect(cancelled.statusCode).toBe(200);
    expect(await balance('renter')).toBe(renterBefore + 7100);
    expect(await pending('owner')).toBe(ownerPending - 7000);
    expectApiError(await call('renter', 'PUT', `/contracts/cancel/${id}`), 409, 'INVALID_STATUS');
    expect(await balance('renter')).toBe(renterBefore + 7100);
    const history = AccountHistory.parse((await call('renter', 'GET', '/payment/my-account-history')).json());
    expect(history[0]).toMatchObject({ titleCode: 'INREFUND', amountCents: 7100, contractId: id });
  });

  it('30 h ahead refunds 75 %; the owner keeps the rest, on the balance at once', async () => {
    const id = await pendingContract({ startInHours: 30, amountCents: 10000, feeCents: 0, servicesCents: 0 });
    await call('renter', 'PUT', `/payment/contract?contracts=${id}`);
    const renterBefore = await balance('renter');
    const ownerBefore = await balance('owner');
    await call('renter', 'PUT', `/contracts/cancel/${id}`);
    expect(await balance('renter')).toBe(renterBefore + 7500);
    expect(await balance('owner')).toBe(ownerBefore + 2500);
  });
});

describe('orders anyone can sign with the published sandbox secret (issue 29)', () => {
  let listener: http.Server;
  const seen: string[] = [];
  let foreign: string;
  beforeAll(async () => {
    listener = http.createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      res.end('ok');
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    foreign = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => listener.close(resolve));
  });

  it('a foreign notificationUrl and returnUrl get no request and no redirect: the configured ones are used', async () => {
    const before = await balance('renter');
    const order = await startDeposit('renter', 12.5);
    // The API created the order in process; a forger posts their own to the sandbox's orders endpoint.
    const [row] = await ctx.database.db.select().from(paymentOrders).where(eq(paymentOrders.merchantReference, order.merchantReference));
    const claims = {
      accessKey: SANDBOX_ACCESS_KEY,
      merchantReference: row.merchantReference,
      grandTotal: 12.5,
      currency: 'EUR',
      locale: 'et',
      payment: { method: 'paymentInitiation', amount: 12.5, currency: 'EUR', methodOptions: { preferredProvider: 'HABAEE2X' } },
    };
    const forged = await signJwt(
      { ...claims, notificationUrl: `${foreign}/hook`, returnUrl: `${foreign}/back?x=1` },
      SANDBOX_SECRET,
      ctx.clock.now(),
    );
    const created = await ctx.app.inject({ method: 'POST', url: '/sandbox/bank-link/orders', payload: { data: forged } });
    const { paymentUrl } = PaymentOrderCreated.parse(created.json());
    for (const choice of ['PAID'] as const) {
      const back = await throughBank({ paymentUrl }, choice);
      expect(back.startsWith(`${API}/payment/return?order-token=`)).toBe(true);
      expect(back).not.toContain('127.0.0.1');
    }
    // The configured webhook credited the deposit at once; a retry would come after a second.
    expect(await balance('renter')).toBe(before + 1250);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(seen).toEqual([]);
  });
});

describe('a bank code the provider does not list (issue 29)', () => {
  it('is refused with 400 UNKNOWN_BANK and starts no order: deposit, instant book and go-kart', async () => {
    const before = await moneyTables();
    for (const bank of ['NOTABANK', 'habaee2x', 'CARD2', 'X']) {
      const body = expectApiError(await call('renter', 'POST', '/payment', deposit(10, bank)), 400, 'UNKNOWN_BANK');
      expect(body.message).toBe('Vali pank.');
    }
    const payment = { methodOptions: { preferredProvider: 'NOTABANK' }, amount: 30 };
    expectApiError(
      await call('renter', 'POST', `/reservations/product/${productId}/automated-with-payment`, {
        startTs: '2025-06-10T08:00:00+03:00',
        endTs: '2025-06-11T08:00:00+03:00',
        name: 'Mari',
        phone: '+3725123456',
        payment,
      }),
      400,
      'UNKNOWN_BANK',
    );
    expectApiError(
      await call('renter', 'POST', '/reservations/gokart', {
        day: '2025-06-05',
        slots: ['12:00'],
        personPhone: '+3725123456',
        personName: 'Mari',
        riders: ['Mari'],
        payment: { ...payment, amount: 20 },
      }),
      400,
      'UNKNOWN_BANK',
    );
    expect(await moneyTables()).toBe(before);
    // Every bank the list shows works.
    for (const bank of ['HABAEE2X', 'EEUHEE2X', 'LHVBEE22', 'RIKOEE22', 'EKRDEE22', 'PARXEE22', 'CARD'])
      expect((await call('renter', 'POST', '/payment', deposit(10, bank))).statusCode).toBe(200);
  });

  it('a real provider’s list is read from its store endpoint with the bearer token, cached, and its absence is a 503, never an order', async () => {
    let reads = 0;
    let up = true;
    const answer = async (req: http.IncomingMessage, res: http.ServerResponse) => {
      reads += 1;
      const auth = req.headers.authorization ?? '';
      const claims = await verifyJwt(auth.replace(/^Bearer /, ''), 's'.repeat(40), ctx.clock.now());
      if (!up || req.url !== '/api/stores/payment-methods' || !claims) {
        res.statusCode = up ? 401 : 503;
        return void res.end();
      }
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          uuid: 's-1',
          name: 'Rendime',
          paymentMethods: {
            paymentInitiation: {
              processor: 'x',
              setup: {
                EE: {
                  supportedCurrencies: ['EUR'],
                  paymentMethods: [
                    { code: 'LHVBEE22', name: 'LHV', logoUrl: 'https://x/lhv.svg', supportedCurrencies: ['EUR'], uiPosition: 1 },
                  ],
                },
              },
            },
          },
        }),
      );
    };
    const store = http.createServer((req, res) => void answer(req, res));
    await new Promise<void>((resolve) => store.listen(0, '127.0.0.1', resolve));
    try {
      const provider = new MontonioProvider(`http://127.0.0.1:${(store.address() as AddressInfo).port}/api`, 'merchant', 's'.repeat(40));
      const now = ctx.clock.now();
      await expect(provider.assertListedBank('HABAEE2X', now)).rejects.toMatchObject({ statusCode: 400, code: 'UNKNOWN_BANK' });
      await expect(provider.assertListedBank('LHVBEE22', now)).resolves.toBeUndefined();
      expect(reads).toBe(1);
      up = false;
      // Within its time the list is not read again; after it, a provider that is down keeps the last list.
      await expect(provider.assertListedBank('LHVBEE22', new Date(now.getTime() + BANK_LIST_TTL_MS + 1))).resolves.toBeUndefined();
      expect(reads).toBe(2);
      const cold = new MontonioProvider(`http://127.0.0.1:${(store.address() as AddressInfo).port}/api`, 'merchant', 's'.repeat(40));
      await expect(cold.assertListedBank('LHVBEE22', now)).rejects.toMatchObject({ statusCode: 503, code: 'PROVIDER_UNAVAILABLE' });
    } finally {
      await new Promise((resolve) => store.close(resolve));
    }
  });
});

describe('the ledger stays whole', () => {
  it('every transaction sums to zero and no wallet is negative', async () => {
    expect(await ledgerProblems(ctx.database.db)).toEqual({
      unbalancedTransactions: 0,
      ledgerSum: 0,
      negativeWallets: 0,
      oneLegTransactions: 0,
    });
  });
});

describe('PUT /users/{id}/update', () => {
  it('changes the own mail consent and IBAN; VAT only for a business; not someone else’s', async () => {
    const res = SessionUser.parse(
      (await call('owner', 'PUT', `/users/${ids.owner}/update`, { allowEmail: false, accountNr: VALID_IBAN })).json(),
    );
    expect(res).toMatchObject({ allowEmail: false, accountNr: VALID_IBAN });
    expectApiError(await call('owner', 'PUT', `/users/${ids.owner}/update`, { accountNr: 'EE12' }), 400, 'VALIDATION_ERROR');
    // Issue 25: any country's valid IBAN (Belgium's has 16 characters), never an invalid one.
    const foreign = SessionUser.parse(
      (await call('owner', 'PUT', `/users/${ids.owner}/update`, { accountNr: 'BE68 5390 0754 7034' })).json(),
    );
    expect(foreign.accountNr).toBe('BE68539007547034');
    const badCheck = expectApiError(
      await call('owner', 'PUT', `/users/${ids.owner}/update`, { accountNr: 'BE68539007547035' }),
      400,
      'VALIDATION_ERROR',
    );
    expect(badCheck.message).toContain('IBAN-i kontrollnumbrid ei klapi');
    expectApiError(await call('owner', 'PUT', `/users/${ids.owner}/update`, { allowVat: true }), 400, 'VALIDATION_ERROR');
    expect(SessionUser.parse((await call('business', 'PUT', `/users/${ids.business}/update`, { allowVat: false })).json()).allowVat).toBe(
      false,
    );
    expectApiError(await call('owner', 'PUT', `/users/${ids.renter}/update`, { allowEmail: false }), 403, 'FORBIDDEN');
    const cleared = SessionUser.parse(
      (await call('owner', 'PUT', `/users/${ids.owner}/update`, { accountNr: '', allowEmail: true })).json(),
    );
    expect(cleared.accountNr).toBeNull();
    const [renter] = await ctx.database.db
      .select({ allowEmail: users.allowEmail })
      .from(users)
      .where(and(eq(users.id, ids.renter)));
    expect(renter.allowEmail).toBe(true);
  });
});

describe('authorization matrix', () => {
  // `path` names the endpoint at collection time; `url` runs in the test, when the users' ids are known.
  const endpoints: Array<{ method: 'GET' | 'POST' | 'PUT'; path?: string; url: () => string; body?: unknown }> = [
    { method: 'GET', url: () => '/payment/methods' },
    { method: 'POST', url: () => '/payment', body: deposit(10) },
    { method: 'POST', url: () => '/payment/withdrawal', body: { amount: 1 } },
    { method: 'PUT', url: () => '/payment/contract?contracts=1' },
    { method: 'GET', url: () => '/payment/unpaid-contracts' },
    { method: 'GET', url: () => '/payment/my-account-history' },
    { method: 'PUT', path: '/users/{id}/update', url: () => `/users/${ids.renter}/update`, body: { allowEmail: true } },
  ];

  it.each(endpoints.map((e) => [`${e.method} ${e.path ?? e.url()}`, e] as const))('anonymous is refused: %s', async (_name, e) => {
    const before = await moneyTables();
    expectApiError(await call(undefined, e.method, e.url(), e.body), 401, 'UNAUTHORIZED');
    expect(await moneyTables()).toBe(before);
  });

  it('a deposit is refused for ROLE_USER_LIMITED and ROLE_USER_B2C_NEED_ID, allowed for renter, owner and another user', async () => {
    const before = await moneyTables();
    expectApiError(await call('limited', 'POST', '/payment', deposit(10)), 403, 'PAYMENT_NOT_ALLOWED');
    expectApiError(await call('needsId', 'POST', '/payment', deposit(10)), 403, 'PAYMENT_NOT_ALLOWED');
    expect(await moneyTables()).toBe(before);
    for (const who of ['renter', 'owner', 'other'] as const)
      expect((await call(who, 'POST', '/payment', deposit(10))).statusCode).toBe(200);
  });

  it('every signed-in role reads the bank list (it names no one’s money)', async () => {
    for (const who of ['renter', 'owner', 'other', 'limited', 'needsId'] as const) {
      const res = await call(who, 'GET', '/payment/methods');
      expect(res.statusCode).toBe(200);
      expect(PaymentMethodList.parse(res.json()).map((b) => b.code)).toContain('HABAEE2X');
    }
  });

  it('everyone signed in sees only their own account', async () => {
    for (const who of ['renter', 'owner', 'other', 'limited', 'needsId'] as const) {
      const summary = AccountSummary.parse((await call(who, 'GET', '/payment/unpaid-contracts')).json());
      expect(summary.balanceCents).toBe(await balance(who));
      const history = AccountHistory.parse((await call(who, 'GET', '/payment/my-account-history?size=100')).json());
      const own = await ctx.database.db.select({ id: payments.id }).from(payments).where(eq(payments.userId, ids[who]));
      expect(history.every((h) => own.some((o) => o.id === h.id))).toBe(true);
    }
    expectApiError(await call('limited', 'PUT', `/users/${ids.renter}/update`, { allowEmail: false }), 403, 'FORBIDDEN');
    expectApiError(await call('needsId', 'PUT', `/users/${ids.owner}/update`, { allowEmail: false }), 403, 'FORBIDDEN');
  });
});

describe('bad input', () => {
  const bodies: Array<{ method: 'POST' | 'PUT'; path?: string; url: () => string; wrong: unknown[] }> = [
    {
      method: 'POST',
      url: () => '/payment',
      wrong: [
        {},
        { payment: {} },
        deposit(0),
        deposit(-5),
        deposit(10.001),
        deposit(10_000.01),
        deposit(10, ''),
        { payment: { methodOptions: { preferredProvider: 'X' }, amount: '10' } },
        { payment: { methodOptions: { preferredProvider: 'X' }, amount: 10, currency: 'USD' } },
      ],
    },
    {
      method: 'POST',
      url: () => '/payment/withdrawal',
      wrong: [{}, { amount: 0 }, { amount: -1 }, { amount: 'ten' }, { amount: 1.001 }, { amount: null }],
    },
    {
      method: 'POST',
      url: () => '/payment/notify',
      wrong: [{}, { data: 'x' }, { orderToken: '' }, { orderToken: 5 }, { orderToken: 'x'.repeat(9000) }, { refundToken: 7 }],
    },
    {
      method: 'PUT',
      path: '/users/{id}/update',
      url: () => `/users/${ids.renter}/update`,
      wrong: [{ allowEmail: 'yes' }, { accountNr: 12 }, { accountNr: 'EE00 0000 0000 0000 0000' }],
    },
  ];

  it.each(bodies.map((b) => [`${b.method} ${b.path ?? b.url()}`, b] as const))(
    'bodies are refused with a 4xx and change nothing: %s',
    async (_n, b) => {
      const before = await moneyTables();
      const users0 = await tableDigest(ctx.database.db, ['users']);
      for (const wrong of [...b.wrong, '{"broken":', '[1]', 'null']) {
        const res = await call('renter', b.method, b.url(), wrong);
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      }
      expect(await moneyTables()).toBe(before);
      expect(await tableDigest(ctx.database.db, ['users'])).toBe(users0);
    },
  );

  it('queries and params are refused with a 4xx', async () => {
    for (const q of ['', 'abc', '1,1', '0', '-1', '1,,2', '99999999999', Array.from({ length: 21 }, (_, i) => i + 1).join(',')]) {
      expectApiError(await call('renter', 'PUT', `/payment/contract?contracts=${q}`), 400, 'VALIDATION_ERROR');
    }
    for (const size of ['0', '101', 'abc', '1.5'])
      expectApiError(await call('renter', 'GET', `/payment/my-account-history?size=${size}`), 400, 'VALIDATION_ERROR');
    // The bank's return is a page the browser opens: any bad token still redirects to the failure notice.
    for (const q of [
      '',
      '?order-token=',
      '?order-token=abc',
      '?order-token=abc.def.ghi',
      `?order-token=${'a'.repeat(9000)}`,
      '?order-token=a&order-token=b',
    ]) {
      const back = await call(undefined, 'GET', `/payment/return${q}`);
      expect([back.statusCode, back.headers.location]).toEqual([303, FAILURE_PAGE]);
    }
    expectApiError(await call('renter', 'PUT', '/users/abc/update', { allowEmail: true }), 400, 'VALIDATION_ERROR');
    expectApiError(
      await ctx.app.inject({
        method: 'POST',
        url: '/sandbox/bank-link/pay/short',
        payload: 'choice=PAID',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      400,
      'VALIDATION_ERROR',
    );
    expectApiError(await ctx.app.inject({ url: '/sandbox/bank-link/logos/..%2Fetc.svg' }), 400, 'VALIDATION_ERROR');
    expectApiError(await ctx.app.inject({ url: '/sandbox/bank-link/logos/evil.svg' }), 404, 'NOT_FOUND');
  });
});
