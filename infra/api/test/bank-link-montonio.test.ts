import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { PaymentMethodList, PaymentOrderToken } from 'shared-kernel/schemas';
import { resolveConfig } from '../src/config';
import { paymentOrders, payments } from '../src/db/schema';
import { accounts, accountBalance } from '../src/repositories/ledger';
import { MONTONIO_LIVE_URL, MontonioProvider, providerFromConfig } from '../src/services/payments/provider';
import { expectApiError, tableDigest } from '../src/testing/assertions';
import { callerAs, type CallAs } from '../src/testing/demo-calls';
import { createTestApp, demoCast, type TestContext } from '../src/testing/test-app';
import { startFakeMontonio, type FakeMontonio } from './fakes/montonio-fake';

// Issue 30: the bank-link client speaks Montonio's Stargate API v2 (docs.montonio.com/api/stargate),
// checked here against a local fake of it: orders created server to server, the bank list behind a
// bearer JWT, and the order tokens of the webhook and the return checked against our order.

const SECRET = 'montonio-secret-'.padEnd(40, 'x');
const ACCESS_KEY = 'rendime-store-access-key';
const PUBLIC_API = 'http://localhost:3000/api';

let ctx: TestContext;
let fake: FakeMontonio;
const merchantApi = { publicBase: PUBLIC_API, internalBase: '' };
const CAST = { renter: 'renter', other: 'secondOwner', limited: 'limited' } as const;
type Who = keyof typeof CAST;
let ids: Record<Who, number>;
let call: CallAs<Who>;

beforeAll(async () => {
  let clockNow = () => Date.now();
  fake = await startFakeMontonio({ accessKey: ACCESS_KEY, secret: SECRET, merchantApi, now: () => clockNow() });
  ctx = await createTestApp({ demo: true, app: { bankLinkProvider: new MontonioProvider(fake.apiUrl, ACCESS_KEY, SECRET) } });
  ctx.clock.set('2025-06-02T09:00:00Z');
  clockNow = () => ctx.clock.now().getTime();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  merchantApi.internalBase = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  const cast = await demoCast(ctx, CAST);
  ids = cast.ids;
  call = callerAs(ctx, cast.as);
}, 60_000);
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

const balance = (who: Who) => accountBalance(ctx.database.db, accounts.wallet(ids[who]));
const moneyTables = () => tableDigest(ctx.database.db, ['payments', 'payment_orders', 'ledger_transactions', 'ledger_entries']);
const deposit = (amount: number, bank = 'LHVBEE22') => ({
  payment: { methodOptions: { preferredProvider: bank, preferredLocale: 'et' }, amount },
});

async function startDeposit(amount: number, bank?: string): Promise<{ token: PaymentOrderToken; uuid: string }> {
  const res = await call('renter', 'POST', '/payment', deposit(amount, bank));
  expect({ status: res.statusCode, body: res.body }).toMatchObject({ status: 200 });
  const token = PaymentOrderToken.parse(res.json());
  const order = fake.orders.find((o) => o.claims.merchantReference === token.merchantReference);
  if (!order) throw new Error('the fake got no order');
  return { token, uuid: order.uuid };
}
const orderRow = async (ref: string) =>
  (await ctx.database.db.select().from(paymentOrders).where(eq(paymentOrders.merchantReference, ref)))[0];

describe('order creation', () => {
  it('POSTs {"data": <HS256 JWT>} to /api/orders with Montonio’s claims, decimal euros, and answers the paymentUrl to the browser', async () => {
    const { token, uuid } = await startDeposit(19.99);
    const order = fake.orders.find((o) => o.uuid === uuid)!;
    expect(Object.keys(JSON.parse(order.rawBody) as object)).toEqual(['data']);
    const [header] = String((JSON.parse(order.rawBody) as { data: string }).data).split('.');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    const { iat, exp, ...claims } = order.claims as { iat: number; exp: number };
    expect(exp - iat).toBe(600);
    expect(claims).toEqual({
      accessKey: ACCESS_KEY,
      merchantReference: token.merchantReference,
      returnUrl: `${PUBLIC_API}/payment/return`,
      notificationUrl: `${PUBLIC_API}/payment/notify`,
      grandTotal: 19.99,
      currency: 'EUR',
      locale: 'et',
      payment: {
        method: 'paymentInitiation',
        amount: 19.99,
        currency: 'EUR',
        methodOptions: { preferredProvider: 'LHVBEE22', preferredCountry: 'EE', preferredLocale: 'et' },
      },
    });
    // The JSON carries the decimal exactly as written, never 19.990000000000002.
    expect(Buffer.from(String((JSON.parse(order.rawBody) as { data: string }).data).split('.')[1], 'base64url').toString()).toContain(
      '"grandTotal":19.99,',
    );
    expect(token.paymentUrl).toBe(`${fake.url}/pay/${uuid}`);
    expect(token).not.toHaveProperty('data');
    expect((await orderRow(token.merchantReference)).amountCents).toBe(1999);
  });

  it('card payments go as Montonio’s cardPayments method with no bank', async () => {
    const { uuid } = await startDeposit(5, 'CARD');
    expect(fake.orders.find((o) => o.uuid === uuid)!.claims.payment).toEqual({ method: 'cardPayments', amount: 5, currency: 'EUR' });
  });

  it('a provider that refuses or is down: an Estonian message, the order closed at once, no money', async () => {
    const before = await balance('renter');
    fake.failWith = 500;
    try {
      // The bank list is cached from the earlier tests, so the refusal comes from POST /api/orders.
      const res = await call('renter', 'POST', '/payment', deposit(10));
      expect(expectApiError(res, 502, 'PROVIDER_ERROR').message).toBe('Maksmine ebaõnnestus');
    } finally {
      fake.failWith = 0;
    }
    const [last] = await ctx.database.db
      .select()
      .from(paymentOrders)
      .orderBy(paymentOrders.id)
      .limit(1)
      .offset((await ctx.database.db.select().from(paymentOrders)).length - 1);
    expect(last.status).toBe('FAILED');
    expect(await balance('renter')).toBe(before);
  });
});

describe('bank list', () => {
  it('reads GET /api/stores/payment-methods with a bearer JWT of the access key: Estonian EUR banks and card, cached', async () => {
    const cold = new MontonioProvider(fake.apiUrl, ACCESS_KEY, SECRET);
    const seen = fake.requests.length;
    const banks = await cold.listBanks(ctx.clock.now());
    expect(banks).toEqual([
      { code: 'HABAEE2X', name: 'Swedbank', logoUrl: `${fake.url}/images/aspsps_logos/HABAEE2X.png` },
      { code: 'EEUHEE2X', name: 'SEB', logoUrl: `${fake.url}/images/aspsps_logos/EEUHEE2X.png` },
      { code: 'LHVBEE22', name: 'LHV', logoUrl: `${fake.url}/images/aspsps_logos/LHVBEE22.png` },
      { code: 'CARD', name: 'Kaardimakse', logoUrl: `${fake.url}/images/logos/visa-mc.png` },
    ]);
    const [request] = fake.requests.slice(seen);
    expect(request).toMatchObject({ method: 'GET', path: '/api/stores/payment-methods' });
    const bearer = String(request.authorization).replace(/^Bearer /, '');
    expect(JSON.parse(Buffer.from(bearer.split('.')[1], 'base64url').toString())).toMatchObject({ accessKey: ACCESS_KEY });
    await cold.listBanks(ctx.clock.now());
    expect(fake.requests.length).toBe(seen + 1);
    // Another secret: the fake refuses, the API says so in Estonian.
    await expect(new MontonioProvider(fake.apiUrl, ACCESS_KEY, 'wrong'.padEnd(40, 'y')).listBanks(ctx.clock.now())).rejects.toMatchObject({
      statusCode: 503,
      message: 'Pankade nimekirja ei õnnestunud laadida. Proovi hetke pärast uuesti.',
    });
  });

  it('GET /payment/methods: the list for every signed-in user, 401 for anonymous; a bank not in it is refused before any order', async () => {
    for (const who of ['renter', 'other', 'limited'] as const)
      expect(PaymentMethodList.parse((await call(who, 'GET', '/payment/methods')).json()).map((b) => b.code)).toEqual([
        'HABAEE2X',
        'EEUHEE2X',
        'LHVBEE22',
        'CARD',
      ]);
    expectApiError(await call(undefined, 'GET', '/payment/methods'), 401, 'UNAUTHORIZED');
    const before = await moneyTables();
    const orders = fake.orders.length;
    for (const bank of ['PLBANK', 'HABALV22', 'NOTABANK'])
      expect(expectApiError(await call('renter', 'POST', '/payment', deposit(10, bank)), 400, 'UNKNOWN_BANK').message).toBe('Vali pank.');
    expect(fake.orders.length).toBe(orders);
    expect(await moneyTables()).toBe(before);
  });

  it('uses Montonio’s live host by default, PAYMENT_PROVIDER_URL when set', async () => {
    expect(MONTONIO_LIVE_URL).toBe('https://stargate.montonio.com/api');
    const live = providerFromConfig(
      resolveConfig({ publicSiteUrl: 'https://rendime.ee', paymentProvider: { accessKey: 'k', secret: SECRET } }),
    );
    expect(live).toBeInstanceOf(MontonioProvider);
    expect((live as MontonioProvider).ordersUrl).toBe('https://stargate.montonio.com/api/orders');
    const sandbox = providerFromConfig(
      resolveConfig({
        publicSiteUrl: 'https://rendime.eu',
        paymentProvider: { accessKey: 'k', secret: SECRET, url: 'https://sandbox-stargate.montonio.com/api/' },
      }),
    );
    expect((sandbox as MontonioProvider).ordersUrl).toBe('https://sandbox-stargate.montonio.com/api/orders');
  });
});

describe('notifications', () => {
  it('the payment page’s PAID: the signed webhook credits the exact cents once, the browser returns to success', async () => {
    for (const [euros, cents] of [
      [0.1, 10],
      [19.99, 1999],
      [1234.56, 123456],
    ] as const) {
      const before = await balance('renter');
      const { token } = await startDeposit(euros);
      const page = await fetch(token.paymentUrl);
      expect(await page.text()).toContain(`Makse ${euros.toFixed(2)} EUR`);
      const chosen = await fetch(token.paymentUrl, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'status=PAID',
      });
      expect(chosen.status).toBe(303);
      expect(fake.notifications.at(-1)).toMatchObject({ merchantReference: token.merchantReference, status: 200 });
      expect(await balance('renter')).toBe(before + cents);
      const back = String(chosen.headers.get('location'));
      expect(back.startsWith(`${PUBLIC_API}/payment/return?order-token=`)).toBe(true);
      const shown = await ctx.app.inject({ url: back.slice(PUBLIC_API.length) });
      expect(shown.headers.location).toBe('http://localhost:3000/auth/account?payment_result=success');
    }
  });

  it('a duplicate delivery (in a row and at once) credits once', async () => {
    const before = await balance('renter');
    const { token, uuid } = await startDeposit(42.42);
    expect(await fake.notify(uuid, 'PAID')).toBe(200);
    expect(await Promise.all(Array.from({ length: 5 }, () => fake.notify(uuid, 'PAID')))).toEqual(Array(5).fill(200));
    expect(await balance('renter')).toBe(before + 4242);
    expect(await ctx.database.db.select().from(payments).where(eq(payments.providerRef, token.merchantReference))).toHaveLength(1);
  });

  it.each([
    ['a forged signature', { secret: 'someone-else'.padEnd(40, 'z') }, 400, 'INVALID_SIGNATURE', 'Makseteatise allkiri ei klapi.'],
    [
      'another merchant’s access key',
      { claims: { accessKey: 'another-store' } },
      400,
      'INVALID_SIGNATURE',
      'Makseteatise allkiri ei klapi.',
    ],
    [
      'a wrong amount',
      { claims: { grandTotal: 19.98 } },
      400,
      'NOTIFICATION_MISMATCH',
      'Makseteatise summa, valuuta või saaja ei klapi tellimusega.',
    ],
    [
      'a wrong currency',
      { claims: { currency: 'PLN' } },
      400,
      'NOTIFICATION_MISMATCH',
      'Makseteatise summa, valuuta või saaja ei klapi tellimusega.',
    ],
    ['an unknown order', { claims: { merchantReference: 'RM-nobodynobodynobo' } }, 404, 'NOT_FOUND', 'Makset ei leitud.'],
  ] as const)('%s is refused with an Estonian message and no money moves', async (_name, forge, status, code, message) => {
    const { uuid } = await startDeposit(19.99);
    const before = await moneyTables();
    const opts = forge as { secret?: string; claims?: Record<string, unknown> };
    const answer = await fake.notify(uuid, 'PAID', opts.claims, opts.secret);
    expect(answer).toBe(status);
    expect(JSON.parse(fake.notifications.at(-1)!.body)).toMatchObject({ code, message });
    const back = await ctx.app.inject({
      url: `/payment/return?order-token=${encodeURIComponent(fake.orderToken(uuid, 'PAID', opts.claims, opts.secret))}`,
    });
    // The browser's return never shows the error body: it lands on the failure notice.
    expect([back.statusCode, back.headers.location]).toEqual([303, 'http://localhost:3000/auth/account?payment_result=failure']);
    expect(await moneyTables()).toBe(before);
  });

  it('VOIDED and ABANDONED close the order with no money and send the browser to the failure message', async () => {
    const before = await balance('renter');
    for (const [status, closed] of [
      ['VOIDED', 'FAILED'],
      ['ABANDONED', 'CANCELLED'],
    ] as const) {
      const { token } = await startDeposit(12.5);
      const chosen = await fetch(token.paymentUrl, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `status=${status}`,
      });
      expect((await orderRow(token.merchantReference)).status).toBe(closed);
      const shown = await ctx.app.inject({ url: String(chosen.headers.get('location')).slice(PUBLIC_API.length) });
      expect(shown.headers.location).toBe('http://localhost:3000/auth/account?payment_result=failure');
    }
    expect(await balance('renter')).toBe(before);
  });

  it('PENDING and AUTHORIZED change nothing; the order stays open for its final status', async () => {
    const { token, uuid } = await startDeposit(3);
    const before = await moneyTables();
    expect(await fake.notify(uuid, 'PENDING')).toBe(200);
    expect(await fake.notify(uuid, 'AUTHORIZED')).toBe(200);
    expect(await moneyTables()).toBe(before);
    expect((await orderRow(token.merchantReference)).status).toBe('PENDING');
  });
});
