import { spawnSync } from 'node:child_process';
import { and, eq } from 'drizzle-orm';
import { Contract, ContractExtension, ContractExtensionList, ExtensionAnswer, PaymentOrderToken, Reservation } from 'shared-kernel/schemas';
import { contractExtensions, contracts, notifications, productVacationDays, reservations } from '../src/db/schema';
import { withTransaction } from '../src/db/transaction';
import { accountBalance, accounts, postLedger } from '../src/repositories/ledger';
import { MAIL_JOB } from '../src/repositories/outbox';
import { EXTENSION_LAPSE_JOB } from '../src/services/extensions/extension-service';
import { callerAs, type CallAs } from '../src/testing/demo-calls';
import { expectApiError, ledgerProblems, tableDigest } from '../src/testing/assertions';
import { FakePaymentOrders } from '../src/testing/fake-payment-orders';
import { bookableDemoProduct, createTestApp, demoCast, type TestAs, type TestContext, type TestWho as Who } from '../src/testing/test-app';

// Issue 31, acceptance 2 and the extension part of 7: the renter asks for a new end, the owner
// accepts before the original end (or it lapses), the difference is charged with the same tiers,
// the contract's PDF shows the new version; refusals with the spec's messages, nothing changed.

let ctx: TestContext;
let orders: FakePaymentOrders;
let productId: number;
let ids: Record<Who, number>;

/** Tallinn summer time (UTC+3) as an instant with its offset. */
const local = (wall: string) => `${wall}:00+03:00`;
const iso = (wall: string) => new Date(local(wall)).toISOString();

let as: TestAs;
const call: CallAs<Who> = (...args) => callerAs(ctx, as)(...args);
const ok = (res: { statusCode: number; body: string }, status = 200) =>
  expect({ status: res.statusCode, body: res.body }).toMatchObject({ status });

const balance = (who: Who) => accountBalance(ctx.database.db, accounts.wallet(ids[who]));
const pending = (who: Who) => accountBalance(ctx.database.db, accounts.pending(ids[who]));

/** Sets a wallet to `cents` through the ledger (a deposit from, or a payout to, the bank). */
async function setBalance(who: Who, cents: number): Promise<void> {
  const delta = cents - (await balance(who));
  if (delta === 0) return;
  await withTransaction(ctx.database.db, (tx) =>
    postLedger(tx, {
      kind: delta > 0 ? 'DEPOSIT' : 'WITHDRAWAL',
      idempotencyKey: `test:${who}:${Date.now()}:${Math.random()}`,
      now: ctx.clock.now(),
      entries: [
        { account: accounts.wallet(ids[who]), userId: ids[who], amountCents: delta },
        { account: delta > 0 ? accounts.clearing : accounts.payouts, amountCents: -delta },
      ],
    }),
  );
}

/** A request booked, accepted and paid from the balance: a running, paid contract. */
async function paidContract(start: string, end: string, renter: Who = 'renter'): Promise<Contract> {
  const booked = await call(renter, 'POST', `/reservations/product/${productId}`, { startTs: local(start), endTs: local(end) });
  ok(booked, 201);
  const r = Reservation.parse(booked.json());
  ok(await call('owner', 'PUT', `/reservations/accept/${r.id}`, { additionalCost: 0, acceptedText: 'Tere, ootan teid Tartus.' }));
  const c = Contract.parse((await call('owner', 'GET', `/contracts/reservation/${r.id}`)).json());
  await setBalance(renter, c.price.total * 100);
  ok(await call(renter, 'PUT', `/payment/contract?contracts=${c.id}`));
  return c;
}

async function ask(contractId: number, end: string, who: Who = 'renter') {
  return call(who, 'POST', `/contracts/${contractId}/extensions`, { endTs: local(end) });
}
const asked = async (contractId: number, end: string) => {
  const res = await ask(contractId, end);
  ok(res, 201);
  return ContractExtension.parse(res.json());
};
const contractRow = async (id: number) => (await ctx.database.db.select().from(contracts).where(eq(contracts.id, id)))[0];
const extensionRow = async (id: number) =>
  (await ctx.database.db.select().from(contractExtensions).where(eq(contractExtensions.id, id)))[0];
const notesOf = async (who: Who) =>
  (await ctx.database.db.select().from(notifications).where(eq(notifications.userId, ids[who]))).map((n) => n.message);

const tables = () =>
  tableDigest(ctx.database.db, [
    'contract_extensions',
    'contracts',
    'reservations',
    'payments',
    'payment_orders',
    'ledger_entries',
    'notifications',
    'mail_outbox',
    'jobs',
  ]);

function pdfText(pdf: Buffer): string {
  const res = spawnSync('pdftotext', ['-enc', 'UTF-8', '-layout', '-', '-'], { input: pdf, encoding: 'utf8' });
  if (res.error) throw new Error('pdftotext is not installed: `apt-get install -y poppler-utils`');
  if (res.status !== 0) throw new Error(`pdftotext failed (${res.status}): ${res.stderr}`);
  return res.stdout.replace(/[\s\u00a0\u202f]+/g, ' ');
}

beforeAll(async () => {
  orders = new FakePaymentOrders();
  ctx = await createTestApp({ demo: true, app: { paymentOrders: orders } });
  ctx.clock.set('2025-06-02T09:00:00Z');
  const db = ctx.database.db;
  ({ ids, as } = await demoCast(ctx));
  // 30 €/day, 25 €/day from three days, 5 €/hour; every day 08:00–18:00; the owner is not VAT-liable.
  productId = await bookableDemoProduct(ctx, ids.owner, {
    priceHourCents: 500,
    priceDailyCents: 3000,
    threeDayCents: 2500,
    paidLater: false,
    automaticallyApproved: false,
  });
  // The demo's own bookings of this product are out of the way of the test's dates.
  await db.update(reservations).set({ status: 'CANCELLED' }).where(eq(reservations.productId, productId));
});

afterAll(async () => {
  await ctx.close();
});

describe('an extension the owner accepts before the original end', () => {
  let c: Contract;
  let e: ContractExtension;

  it('is asked for by the renter: priced with the tiers, nothing charged yet, the owner told', async () => {
    c = await paidContract('2025-06-10T10:00', '2025-06-12T10:00');
    expect(c.price.total).toBe(60);
    await setBalance('renter', 10_000);
    e = await asked(c.id, '2025-06-13T10:00');
    // Three days reach the three-day tier: 3 × 25 € = 75 €, of which 60 € is paid.
    expect(e).toMatchObject({
      status: 'REQUESTED',
      previousEndTs: iso('2025-06-12T10:00'),
      newEndTs: iso('2025-06-13T10:00'),
      newTotalCents: 7500,
      differenceCents: 1500,
      contractVersion: null,
      mayPay: false,
      mayAccept: false,
    });
    expect(await balance('renter')).toBe(10_000);
    expect((await contractRow(c.id)).endTs.toISOString()).toBe(iso('2025-06-12T10:00'));
    expect(await notesOf('owner')).toContainEqual(expect.stringContaining('soovib pikendada toote'));
    const asOwner = ContractExtensionList.parse((await call('owner', 'GET', `/contracts/${c.id}/extensions`)).json());
    expect(asOwner).toEqual([expect.objectContaining({ id: e.id, mayAccept: true, mayDecline: true, mayPay: false })]);
  });

  it('accepting is the owner’s alone; strangers learn nothing, and nothing changes', async () => {
    const before = await tables();
    for (const step of ['accept', 'decline'] as const) {
      expectApiError(await call(undefined, 'PUT', `/contracts/extensions/${e.id}/${step}`), 401, 'UNAUTHORIZED');
      for (const who of ['other', 'limited', 'needsId', 'business'] as const) {
        expectApiError(await call(who, 'PUT', `/contracts/extensions/${e.id}/${step}`), 404, 'NOT_FOUND');
      }
      const body = expectApiError(await call('renter', 'PUT', `/contracts/extensions/${e.id}/${step}`), 403, 'FORBIDDEN');
      expect(body.message).toBe('Pikenduse kinnitab või lükkab tagasi toote omanik.');
    }
    expect(await tables()).toBe(before);
  });

  it('charges the difference from the balance, moves the end and makes contract version 2 with its PDF', async () => {
    const ownerPending = await pending('owner');
    const res = await call('owner', 'PUT', `/contracts/extensions/${e.id}/accept`);
    ok(res);
    const done = ExtensionAnswer.parse(res.json());
    expect(done.extension).toMatchObject({ status: 'PAID', contractVersion: 2, mayAccept: false });
    expect(await balance('renter')).toBe(10_000 - 1500);
    // The owner's part waits with the rent until the rental ends (the fee on rent is 0 %).
    expect((await pending('owner')) - ownerPending).toBe(1500);
    const row = await contractRow(c.id);
    expect(row.endTs.toISOString()).toBe(iso('2025-06-13T10:00'));
    const view = Contract.parse((await call('renter', 'GET', `/contracts/reservation/${c.reservationId}`)).json());
    expect({ end: view.endTs, total: view.price.total }).toEqual({ end: iso('2025-06-13T10:00'), total: 75 });
    const [r] = await ctx.database.db.select().from(reservations).where(eq(reservations.id, c.reservationId));
    expect(r.endTs.toISOString()).toBe(iso('2025-06-13T10:00'));
    expect(await ledgerProblems(ctx.database.db)).toEqual({
      unbalancedTransactions: 0,
      ledgerSum: 0,
      negativeWallets: 0,
      oneLegTransactions: 0,
    });
    expect(await notesOf('renter')).toContainEqual(expect.stringContaining('kinnitas toote'));

    const pdf = await call('renter', 'GET', `/contracts/document/${c.id}`);
    ok(pdf);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Lepingu versioon 2');
    expect(text).toContain('Pikendused');
    expect(text).toContain('Versioon 2: rendiperiood pikendati 12.06.2025 10:00 → 13.06.2025 10:00');
    expect(text).toContain('lisatasu 15,00 €');
    expect(text).toContain('10.06.2025 10:00 – 13.06.2025 10:00');
  });

  it('a paid extension is final: a second accept changes nothing', async () => {
    const before = await tables();
    expectApiError(await call('owner', 'PUT', `/contracts/extensions/${e.id}/accept`), 409, 'INVALID_STATUS');
    expect(await tables()).toBe(before);
  });
});

describe('an accepted extension the balance does not cover', () => {
  let c: Contract;
  let e: ContractExtension;

  it('waits for the renter’s payment: nothing charged, the end unchanged, the renter told', async () => {
    c = await paidContract('2025-06-20T10:00', '2025-06-22T10:00');
    await setBalance('renter', 500);
    e = await asked(c.id, '2025-06-23T10:00');
    const done = ExtensionAnswer.parse((await call('owner', 'PUT', `/contracts/extensions/${e.id}/accept`)).json());
    expect(done.extension).toMatchObject({ status: 'PENDING_PAYMENT', mayPay: false, contractVersion: null });
    expect(await balance('renter')).toBe(500);
    expect((await contractRow(c.id)).endTs.toISOString()).toBe(iso('2025-06-22T10:00'));
    expect(await notesOf('renter')).toContainEqual(expect.stringContaining('enne 22.06.2025 10:00, muidu pikendus aegub'));
    const mine = ContractExtensionList.parse((await call('renter', 'GET', `/contracts/${c.id}/extensions`)).json());
    expect(mine[0]).toMatchObject({ status: 'PENDING_PAYMENT', mayPay: true });
  });

  it('paying is the renter’s alone', async () => {
    const before = await tables();
    for (const [method, step, body] of [
      ['PUT', 'pay', undefined],
      ['POST', 'bank-link', { bank: 'HABAEE2X' }],
    ] as const) {
      const url = `/contracts/extensions/${e.id}/${step}`;
      expectApiError(await call(undefined, method, url, body), 401, 'UNAUTHORIZED');
      for (const who of ['other', 'limited', 'needsId'] as const) expectApiError(await call(who, method, url, body), 404, 'NOT_FOUND');
      const refused = expectApiError(await call('owner', method, url, body), 403, 'FORBIDDEN');
      expect(refused.message).toBe('Pikendust soovib ja tasub rentija.');
    }
    expect(await tables()).toBe(before);
  });

  it('from a short balance is refused with a clear message; with enough it is paid and the end moves', async () => {
    const before = await tables();
    const short = expectApiError(await call('renter', 'PUT', `/contracts/extensions/${e.id}/pay`), 409, 'INSUFFICIENT_FUNDS');
    expect(short.message).toBe('Kontol puuduvad vahendid.');
    expect(await tables()).toBe(before);
    await setBalance('renter', 2000);
    const done = ExtensionAnswer.parse((await call('renter', 'PUT', `/contracts/extensions/${e.id}/pay`)).json());
    expect(done).toMatchObject({ extension: { status: 'PAID', contractVersion: 2 }, balanceCents: 500 });
    expect((await contractRow(c.id)).endTs.toISOString()).toBe(iso('2025-06-23T10:00'));
    expect(await notesOf('owner')).toContainEqual(expect.stringContaining('rent kestab kuni 23.06.2025 10:00'));
  });
});

describe('an accepted extension paid by bank link', () => {
  it('is paid when the bank’s payment settles, and only then', async () => {
    const c = await paidContract('2025-06-30T10:00', '2025-07-01T10:00');
    await setBalance('renter', 0);
    // One day more: 2 × 30 € = 60 €, of which 30 € is paid.
    const e = await asked(c.id, '2025-07-02T10:00');
    expect(e.differenceCents).toBe(3000);
    ok(await call('owner', 'PUT', `/contracts/extensions/${e.id}/accept`));
    const res = await call('renter', 'POST', `/contracts/extensions/${e.id}/bank-link`, { bank: 'HABAEE2X' });
    ok(res);
    expect(PaymentOrderToken.parse(res.json()).paymentUrl).toMatch(/^http/);
    const order = orders.last();
    expect(order).toMatchObject({ amountCents: 3000, purpose: { kind: 'EXTENSION', extensionId: e.id } });
    expect((await extensionRow(e.id)).status).toBe('PENDING_PAYMENT');
    await orders.settle(order, 'PAID');
    expect(await extensionRow(e.id)).toMatchObject({ status: 'PAID', contractVersion: 2 });
    expect((await contractRow(c.id)).endTs.toISOString()).toBe(iso('2025-07-02T10:00'));
    // The bank's 30 € came in and went to the extension.
    expect(await balance('renter')).toBe(0);
    expect(await ledgerProblems(ctx.database.db)).toEqual({
      unbalancedTransactions: 0,
      ledgerSum: 0,
      negativeWallets: 0,
      oneLegTransactions: 0,
    });
  });
});

describe('the availability engine checks the added period', () => {
  it('refuses an extension over another booking with the spec’s UNAVAILABLE message, and nothing changes', async () => {
    const c = await paidContract('2025-07-05T10:00', '2025-07-06T10:00');
    const other = await call('business', 'POST', `/reservations/product/${productId}`, {
      startTs: local('2025-07-07T10:00'),
      endTs: local('2025-07-08T10:00'),
    });
    ok(other, 201);
    const before = await tables();
    const body = expectApiError(await ask(c.id, '2025-07-08T10:00'), 409, 'UNAVAILABLE');
    expect(body.message).toBe('Toode on antud ajavahemikus juba broneeritud.');
    expect(await tables()).toBe(before);
    // Up to the other booking's start fits (periods are end-exclusive).
    expect((await asked(c.id, '2025-07-07T10:00')).differenceCents).toBe(3000);
  });

  it('refuses a vacation day and hours outside the daily window with their own messages', async () => {
    const c = await paidContract('2025-07-15T10:00', '2025-07-16T10:00');
    await ctx.database.db.insert(productVacationDays).values({ productId, day: '2025-07-17' });
    const before = await tables();
    const vacation = expectApiError(await ask(c.id, '2025-07-18T10:00'), 409, 'IS_VACATION_DAY');
    expect(vacation.message).toBe('Valitud ajavahemikku jääb omaniku puhkepäev, mil toodet ei rendita.');

    const hourly = await paidContract('2025-07-20T10:00', '2025-07-20T12:00');
    const late = expectApiError(await ask(hourly.id, '2025-07-20T19:00'), 409, 'UNAVAILABLE');
    expect(late.codes).toContain('OUTSIDE_RENT_HOURS');
    expect((await tables()) === before).toBe(false); // the hourly contract was booked in between
    const again = await tables();
    expectApiError(await ask(hourly.id, '2025-07-21T10:00'), 400, 'VALIDATION_ERROR');
    expect(await tables()).toBe(again);
    // Four hours at 5 €: 20 €, of which 10 € is paid.
    expect((await asked(hourly.id, '2025-07-20T14:00')).differenceCents).toBe(1000);
    await ctx.database.db
      .delete(productVacationDays)
      .where(and(eq(productVacationDays.productId, productId), eq(productVacationDays.day, '2025-07-17')));
  });
});

describe('an acceptance racing a booking of the added period', () => {
  it('lets exactly one of them have the time, and the loser changes nothing', async () => {
    const c = await paidContract('2025-08-25T10:00', '2025-08-26T10:00');
    await setBalance('renter', 10_000);
    const e = await asked(c.id, '2025-08-27T10:00');
    // The other renter's earlier request (a renter waits on one request per product at a time) is out of the way.
    await ctx.database.db
      .update(reservations)
      .set({ status: 'CANCELLED' })
      .where(and(eq(reservations.productId, productId), eq(reservations.userId, ids.business), eq(reservations.status, 'REQUESTED')));
    const [accepted, booked] = await Promise.all([
      call('owner', 'PUT', `/contracts/extensions/${e.id}/accept`),
      call('business', 'POST', `/reservations/product/${productId}`, {
        startTs: local('2025-08-26T10:00'),
        endTs: local('2025-08-27T10:00'),
      }),
    ]);
    expect([
      [200, 409],
      [409, 201],
    ]).toContainEqual([accepted.statusCode, booked.statusCode]);
    const loser = accepted.statusCode === 200 ? booked : accepted;
    expect(expectApiError(loser, 409, 'UNAVAILABLE').message).toBe('Toode on antud ajavahemikus juba broneeritud.');
    const row = await extensionRow(e.id);
    expect(row.status).toBe(accepted.statusCode === 200 ? 'PAID' : 'REQUESTED');
    expect(await balance('renter')).toBe(accepted.statusCode === 200 ? 10_000 - e.differenceCents : 10_000);
    expect(await ledgerProblems(ctx.database.db)).toEqual({
      unbalancedTransactions: 0,
      ledgerSum: 0,
      negativeWallets: 0,
      oneLegTransactions: 0,
    });
  });
});

describe('who may ask, and a bad-input walk', () => {
  let c: Contract;

  beforeAll(async () => {
    c = await paidContract('2025-08-04T10:00', '2025-08-05T10:00');
  });

  it('only the renter asks; anonymous 401, strangers (a limited user too) 404, the owner or an unverified user 403', async () => {
    const before = await tables();
    expectApiError(
      await call(undefined, 'POST', `/contracts/${c.id}/extensions`, { endTs: local('2025-08-06T10:00') }),
      401,
      'UNAUTHORIZED',
    );
    expectApiError(await ask(c.id, '2025-08-06T10:00', 'other'), 404, 'NOT_FOUND');
    expectApiError(await ask(c.id, '2025-08-06T10:00', 'owner'), 403, 'FORBIDDEN');
    // A limited user may book within the debtor limit (ADR 0043), so one who is not the renter is a stranger.
    expectApiError(await ask(c.id, '2025-08-06T10:00', 'limited'), 404, 'NOT_FOUND');
    const unverified = expectApiError(await ask(c.id, '2025-08-06T10:00', 'needsId'), 403, 'FORBIDDEN');
    expect(unverified.message).toBe('Broneerimiseks tuleb esmalt isik tuvastada.');
    expectApiError(await call(undefined, 'GET', `/contracts/${c.id}/extensions`), 401, 'UNAUTHORIZED');
    for (const who of ['other', 'limited', 'needsId'] as const) {
      expectApiError(await call(who, 'GET', `/contracts/${c.id}/extensions`), 404, 'NOT_FOUND');
    }
    for (const who of ['renter', 'owner'] as const) ok(await call(who, 'GET', `/contracts/${c.id}/extensions`));
    expect(await tables()).toBe(before);
  });

  it('answers every bad input with a 4xx and an Estonian message, and changes nothing', async () => {
    const before = await tables();
    const post = (body: unknown, id: number | string = c.id) => call('renter', 'POST', `/contracts/${id}/extensions`, body);
    const cases: Array<[string, Promise<{ statusCode: number; body: string }>, number, string, RegExp?]> = [
      ['no body', post({}), 400, 'VALIDATION_ERROR'],
      ['not a time', post({ endTs: 'homme' }), 400, 'VALIDATION_ERROR'],
      ['no offset', post({ endTs: '2025-08-06T10:00:00' }), 400, 'VALIDATION_ERROR'],
      ['a number', post({ endTs: 1754467200000 }), 400, 'VALIDATION_ERROR'],
      ['year 3000', post({ endTs: '3000-08-06T10:00:00+03:00' }), 400, 'VALIDATION_ERROR', /2000–2100/],
      ['broken JSON', post('{"endTs":'), 400, 'MALFORMED_JSON'],
      ['a NUL byte', post({ endTs: '2025-08-06T10:00:00\u0000+03:00' }), 400, 'VALIDATION_ERROR'],
      ['a huge body', post({ endTs: local('2025-08-06T10:00'), pad: 'x'.repeat(2_000_000) }), 413, 'PAYLOAD_TOO_LARGE'],
      [
        'a bank with a NUL byte',
        call('renter', 'POST', '/contracts/extensions/1/bank-link', { bank: 'HABA\u0000EE2X' }),
        400,
        'VALIDATION_ERROR',
      ],
      ['before the end', post({ endTs: local('2025-08-05T09:00') }), 400, 'VALIDATION_ERROR', /pärast praegust lõppu/],
      ['the same end', post({ endTs: local('2025-08-05T10:00') }), 400, 'VALIDATION_ERROR', /pärast praegust lõppu/],
      ['not whole days', post({ endTs: local('2025-08-05T15:00') }), 400, 'VALIDATION_ERROR', /terve päeva kaupa/],
      ['far too long', post({ endTs: local('2027-08-05T10:00') }), 400, 'VALIDATION_ERROR'],
      ['an id that is no number', post({ endTs: local('2025-08-06T10:00') }, 'abc'), 400, 'VALIDATION_ERROR'],
      ['id 0', post({ endTs: local('2025-08-06T10:00') }, 0), 400, 'VALIDATION_ERROR'],
      ['an id past int4', post({ endTs: local('2025-08-06T10:00') }, '99999999999'), 400, 'VALIDATION_ERROR'],
      ['an unknown contract', post({ endTs: local('2025-08-06T10:00') }, 2147483647), 404, 'NOT_FOUND'],
      ['accept an unknown one', call('owner', 'PUT', '/contracts/extensions/2147483647/accept'), 404, 'NOT_FOUND'],
      ['accept id not a number', call('owner', 'PUT', '/contracts/extensions/x/accept'), 400, 'VALIDATION_ERROR'],
      ['bank-link without a bank', call('renter', 'POST', '/contracts/extensions/1/bank-link', { bank: '' }), 400, 'VALIDATION_ERROR'],
      ['bank-link without a body', call('renter', 'POST', '/contracts/extensions/1/bank-link'), 400, 'VALIDATION_ERROR'],
    ];
    for (const [label, pending, status, code, message] of cases) {
      const res = await pending;
      const body = expectApiError(res, status, code);
      expect({ label, estonian: /[a-zõäöü]/i.test(body.message), english: /invalid|expected|required/i.test(body.message) }).toEqual({
        label,
        estonian: true,
        english: false,
      });
      if (message) expect({ label, message: body.message }).toEqual({ label, message: expect.stringMatching(message) });
    }
    expect(await tables()).toBe(before);
  });

  it('refuses a second open request and an extension of a contract that is not running', async () => {
    await asked(c.id, '2025-08-06T10:00');
    const before = await tables();
    const again = expectApiError(await ask(c.id, '2025-08-07T10:00'), 409, 'INVALID_STATUS');
    expect(again.message).toBe('Lepingul on juba ootel pikendussoov.');
    // A contract still waiting for payment is no paid rental.
    const booked = Reservation.parse(
      (
        await call('renter', 'POST', `/reservations/product/${productId}`, {
          startTs: local('2025-08-20T10:00'),
          endTs: local('2025-08-21T10:00'),
        })
      ).json(),
    );
    ok(await call('owner', 'PUT', `/reservations/accept/${booked.id}`, { additionalCost: 0, acceptedText: 'Tere.' }));
    const unpaid = Contract.parse((await call('owner', 'GET', `/contracts/reservation/${booked.id}`)).json());
    const mid = await tables();
    const refused = expectApiError(await ask(unpaid.id, '2025-08-22T10:00'), 409, 'INVALID_STATUS');
    expect(refused.message).toBe('Pikendada saab ainult makstud ja kestvat renti.');
    expect(await tables()).toBe(mid);
    expect(before).not.toBe(mid);
  });
});

describe('an extension not agreed by the original end', () => {
  it('lapses at the end (the job), charges nothing, tells both, and can no longer be accepted', async () => {
    const c = await paidContract('2025-09-01T10:00', '2025-09-02T10:00');
    await setBalance('renter', 10_000);
    const e = await asked(c.id, '2025-09-03T10:00');
    const declined = await asked((await paidContract('2025-09-10T10:00', '2025-09-11T10:00')).id, '2025-09-12T10:00');
    ok(await call('owner', 'PUT', `/contracts/extensions/${declined.id}/decline`));
    expect(await extensionRow(declined.id)).toMatchObject({ status: 'DECLINED' });
    await setBalance('renter', 10_000);
    const ledgerBefore = await tableDigest(ctx.database.db, ['ledger_entries', 'payments']);

    // A minute before the end nothing lapses.
    ctx.clock.set(new Date(new Date(local('2025-09-02T10:00')).getTime() - 60_000).toISOString());
    await ctx.app.jobs.runDue([EXTENSION_LAPSE_JOB]);
    expect((await extensionRow(e.id)).status).toBe('REQUESTED');

    ctx.clock.set(iso('2025-09-02T10:00'));
    expect(await ctx.app.jobs.runDue([EXTENSION_LAPSE_JOB])).toBeGreaterThanOrEqual(1);
    expect(await extensionRow(e.id)).toMatchObject({ status: 'LAPSED' });
    expect((await contractRow(c.id)).endTs.toISOString()).toBe(iso('2025-09-02T10:00'));
    expect(await balance('renter')).toBe(10_000);
    expect(await tableDigest(ctx.database.db, ['ledger_entries', 'payments'])).toBe(ledgerBefore);
    for (const who of ['renter', 'owner'] as const) {
      expect(await notesOf(who)).toContainEqual(expect.stringContaining('kuni 03.09.2025 10:00 aegus'));
    }
    // The lapse's mail goes out with the next write's answer; sent now, so the refusal below is measured alone.
    await ctx.app.jobs.runDue([MAIL_JOB]);
    const before = await tables();
    const late = expectApiError(await call('owner', 'PUT', `/contracts/extensions/${e.id}/accept`), 409, 'INVALID_STATUS');
    expect(late.message).toBe('Pikendussoov ei oota enam seda sammu.');
    expect(await tables()).toBe(before);
  });

  it('the owner cannot accept after the end even before the job has run', async () => {
    ctx.clock.set('2025-09-20T09:00:00Z');
    const c = await paidContract('2025-09-25T10:00', '2025-09-26T10:00');
    const e = await asked(c.id, '2025-09-27T10:00');
    ctx.clock.set(iso('2025-09-26T10:30'));
    const before = await tables();
    const late = expectApiError(await call('owner', 'PUT', `/contracts/extensions/${e.id}/accept`), 409, 'INVALID_STATUS');
    expect(late.message).toBe('Algne rendiperiood on lõppenud, pikendus aegus.');
    expect(await tables()).toBe(before);
  });
});
