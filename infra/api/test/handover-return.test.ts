import { eq } from 'drizzle-orm';
import { formatEuros } from 'shared-kernel/domain';
import { ApiErrorBody, Contract, Reservation } from 'shared-kernel/schemas';

import { additionalServices, contracts, feedback, products, productVacationDays, reservations, users } from '../src/db/schema';
import { withTransaction } from '../src/db/transaction';
import { realiseEndedRentals } from '../src/services/payments/contract-money';
import { accounts, accountBalance, postLedger, walletBalance } from '../src/repositories/ledger';
import { createTestApp, demoCast, type TestAs, type TestContext, type TestWho as Who } from '../src/testing/test-app';
import { expectApiError, ledgerProblems, tableDigest } from '../src/testing/assertions';

// Issue 31 (ADR 0043): the handover window, the owner's return that ends the rental, the late fee
// through the ledger, the debt it leaves, and the debtor limits of the terms.

let ctx: TestContext;
let p0: number; // omanik's product: 5 €/h, 30 €/day
let ids: Record<Who, number>;

const OUTSIDERS = ['other', 'limited', 'needsId'] as const;

let as: TestAs;
const get = async (who: Who | undefined, url: string) => ctx.app.inject({ url, headers: await as(who) });
const put = async (who: Who | undefined, url: string) => ctx.app.inject({ method: 'PUT', url, headers: await as(who) });
const post = async (who: Who | undefined, url: string, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url, headers: await as(who), payload: payload as object });

const book = (who: Who, startTs: string, endTs: string) => post(who, `/reservations/product/${p0}`, { startTs, endTs });

/** Money into (or out of) a wallet as the bank would move it, so each test starts from a balance it knows. */
async function setBalance(who: Who, cents: number): Promise<void> {
  const userId = ids[who];
  const delta = cents - (await walletBalance(ctx.database.db, userId));
  if (delta === 0) return;
  await withTransaction(ctx.database.db, (tx) =>
    postLedger(tx, {
      kind: delta > 0 ? 'DEPOSIT' : 'WITHDRAWAL',
      idempotencyKey: `test:${userId}:${Math.random()}`,
      now: ctx.clock.now(),
      entries: [
        { account: accounts.wallet(userId), userId, amountCents: delta },
        { account: delta > 0 ? accounts.clearing : accounts.payouts, amountCents: -delta },
      ],
    }),
  );
}
const balance = (who: Who) => walletBalance(ctx.database.db, ids[who]);

/** A booked, accepted and paid contract of `who` (ACCEPTED), for the period in Tallinn wall time (+03:00 in summer). */
async function paidContract(who: Who, start: string, end: string): Promise<Contract> {
  const res = await book(who, `${start}:00+03:00`, `${end}:00+03:00`);
  expect({ status: res.statusCode, body: res.body }).toMatchObject({ status: 201 });
  const r = Reservation.parse(res.json());
  const accepted = await ctx.app.inject({
    method: 'PUT',
    url: `/reservations/accept/${r.id}`,
    headers: await as('owner'),
    payload: { additionalCost: 0, acceptedText: 'Tere' },
  });
  expect(accepted.statusCode).toBe(200);
  const c = Contract.parse((await get('owner', `/contracts/reservation/${r.id}`)).json());
  await setBalance(who, Math.round(Number(c.price.total) * 100));
  const paid = await put(who, `/payment/contract?contracts=${c.id}`);
  expect({ status: paid.statusCode, body: paid.body }).toMatchObject({ status: 200 });
  return Contract.parse((await get(who, `/contracts/reservation/${r.id}`)).json());
}

/** `ledgerProblems` when the books hold: every transaction sums to zero, no wallet below zero. */
const BOOKS_HOLD = { unbalancedTransactions: 0, ledgerSum: 0, negativeWallets: 0, oneLegTransactions: 0 };

const contractRow = async (id: number) => (await ctx.database.db.select().from(contracts).where(eq(contracts.id, id)))[0];
const bookingTables = () => tableDigest(ctx.database.db, ['reservations', 'contracts', 'ledger_entries', 'payments', 'notifications']);

beforeAll(async () => {
  ctx = await createTestApp({ demo: true });
  ctx.clock.set('2025-06-02T09:00:00Z');
  ({ ids, as } = await demoCast(ctx));
  const db = ctx.database.db;
  const [first] = await db.select({ id: products.id }).from(products).where(eq(products.userId, ids.owner)).orderBy(products.id);
  p0 = first.id;
  await db
    .update(products)
    .set({
      deleted: false,
      inactiveReason: null,
      automaticallyApproved: false,
      rentDays: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'],
      startTs: '08:00',
      endTs: '18:00',
      priceHourCents: 500,
      priceDailyCents: 3000,
      threeDayCents: null,
      aWeekCents: null,
      twoWeekCents: null,
      monthCents: null,
      weekendDayCents: null,
      paidLater: false,
      costCents: 20000,
    })
    .where(eq(products.id, p0));
  await db.delete(productVacationDays).where(eq(productVacationDays.productId, p0));
  await db.update(additionalServices).set({ deleted: true }).where(eq(additionalServices.productId, p0));
  // The demo's own reviews of the product would count against the rentals of these tests.
  await db.delete(feedback).where(eq(feedback.productId, p0));
});
afterAll(async () => {
  await ctx.close();
});

describe("'Toode käes' opens 24 h before the start (acceptance 1)", () => {
  it('refuses the mark earlier with an Estonian message and hides it; accepts it from the window on and records who', async () => {
    ctx.clock.set('2025-06-02T09:00:00Z');
    // 10:00–13:00 Tallinn on 10 June is 07:00–10:00Z; the window opens 9 June 07:00Z.
    const c = await paidContract('renter', '2025-06-10T10:00', '2025-06-10T13:00');
    expect(c).toMatchObject({ status: 'ACCEPTED', mayMarkReceived: false });
    const before = await bookingTables();
    for (const at of ['2025-06-02T09:00:00Z', '2025-06-09T06:59:59Z']) {
      ctx.clock.set(at);
      const refused = expectApiError(await put('renter', `/contracts/${c.id}/received`), 409, 'HANDOVER_TOO_EARLY');
      expect(refused.message).toBe('Toote kättesaamist saab märkida alates 09.06.2025 10:00 (kõige varem 24 tundi enne rendi algust).');
      expectApiError(await put('owner', `/contracts/${c.id}/received`), 409, 'HANDOVER_TOO_EARLY');
    }
    expect(await bookingTables()).toBe(before);
    // Nor reviews or reports of the rental before the handover (acceptance 1).
    const review = await post('renter', '/feedback/', { userId: ids.renter, productId: p0, rating: 5, comment: 'Varajane' });
    expectApiError(review, 409, 'NOT_HANDED_OVER');

    ctx.clock.set('2025-06-09T07:00:00Z');
    expect(Contract.parse((await get('renter', `/contracts/reservation/${c.reservationId}`)).json()).mayMarkReceived).toBe(true);
    const received = Contract.parse((await put('renter', `/contracts/${c.id}/received`)).json());
    expect(received).toMatchObject({ status: 'CAPTURED', renterReceivedTs: '2025-06-09T07:00:00.000Z', mayMarkReceived: false });
    expect(await contractRow(c.id)).toMatchObject({ receivedBy: ids.renter });
    const review2 = await post('renter', '/feedback/', { userId: ids.renter, productId: p0, rating: 5, comment: 'Hea' });
    expect(review2.statusCode).toBe(201);

    // On time: the owner's 'Toode tagastatud' ends the rental without a fee.
    ctx.clock.set('2025-06-10T10:00:00Z');
    const renterBefore = await balance('renter');
    const done = Contract.parse((await put('owner', `/contracts/${c.id}/returned`)).json());
    expect(done).toMatchObject({
      status: 'FINISHED',
      ownerReturnedTs: '2025-06-10T10:00:00.000Z',
      mayMarkReturned: false,
      lateFeeCents: null,
    });
    expect(await contractRow(c.id)).toMatchObject({ returnedBy: ids.owner, returnedTs: new Date('2025-06-10T10:00:00Z') });
    expect((await ctx.database.db.select().from(reservations).where(eq(reservations.id, c.reservationId)))[0].status).toBe('FINISHED');
    expect(await balance('renter')).toBe(renterBefore);
    // The renter's own mark after the owner's is no longer open, and the owner's is once.
    expectApiError(await put('owner', `/contracts/${c.id}/returned`), 409, 'INVALID_STATUS');
  });
});

describe("the owner's 'Toode tagastatud' after their own handover mark (issue 31)", () => {
  it("ends the rental although the renter never pressed 'Toode käes', with the late fee", async () => {
    ctx.clock.set('2025-06-02T09:00:00Z');
    const c = await paidContract('renter', '2025-06-17T10:00', '2025-06-17T13:00');
    ctx.clock.set('2025-06-17T07:00:00Z');
    expect(Contract.parse((await put('owner', `/contracts/${c.id}/received`)).json())).toMatchObject({ status: 'ACCEPTED' });
    await setBalance('renter', 10_000);
    ctx.clock.set('2025-06-17T12:00:00Z'); // the end was 10:00Z: 2 hours late
    const done = Contract.parse((await put('owner', `/contracts/${c.id}/returned`)).json());
    expect(done).toMatchObject({ status: 'FINISHED', ownerReturnedTs: '2025-06-17T12:00:00.000Z', lateFeeCents: 2 * 2 * 500 });
    expect((await ctx.database.db.select().from(reservations).where(eq(reservations.id, c.reservationId)))[0].status).toBe('FINISHED');
    expect(await balance('renter')).toBe(10_000 - 2_000);
    expect(await ledgerProblems(ctx.database.db)).toEqual(BOOKS_HOLD);
  });
});

describe("'Lõpetatud, maksed edastatud': the rent realised to the owner finishes a returned contract (issue 31)", () => {
  it("keeps an early return RETURNED until the end realises the rent, then FINISHED with the rent in the owner's wallet", async () => {
    ctx.clock.set('2025-06-02T09:00:00Z');
    const c = await paidContract('renter', '2025-06-19T10:00', '2025-06-19T13:00');
    ctx.clock.set('2025-06-19T07:00:00Z');
    expect((await put('renter', `/contracts/${c.id}/received`)).statusCode).toBe(200);
    ctx.clock.set('2025-06-19T08:00:00Z'); // two hours before the end
    expect(Contract.parse((await put('owner', `/contracts/${c.id}/returned`)).json())).toMatchObject({ status: 'RETURNED' });
    const ownerBefore = await balance('owner');
    ctx.clock.set('2025-06-19T10:00:00Z');
    await realiseEndedRentals(ctx.database.db, ctx.clock.now());
    expect(await contractRow(c.id)).toMatchObject({ status: 'FINISHED' });
    expect(await balance('owner')).toBe(ownerBefore + 1_500);
    expect(await ledgerProblems(ctx.database.db)).toEqual(BOOKS_HOLD);
  });
});

describe('a late return charges twice the hour or day price (acceptance 3)', () => {
  it('charges 5 × 2 × the hourly price for a return 5 hours late, from the balance, through a balanced ledger', async () => {
    ctx.clock.set('2025-06-02T09:00:00Z');
    const c = await paidContract('renter', '2025-06-11T10:00', '2025-06-11T13:00');
    ctx.clock.set('2025-06-11T07:00:00Z');
    expect((await put('renter', `/contracts/${c.id}/received`)).statusCode).toBe(200);
    // The renter's own mark is a record; the rental runs on until the owner's, but the overdue time
    // runs only to the renter's mark (the earlier of the two).
    ctx.clock.set('2025-06-11T15:00:00Z'); // the end was 10:00Z
    expect(Contract.parse((await put('renter', `/contracts/${c.id}/returned`)).json())).toMatchObject({ status: 'CAPTURED' });
    await setBalance('renter', 10_000);
    const ownerBefore = await balance('owner');
    ctx.clock.set('2025-06-11T15:40:00Z');
    const done = Contract.parse((await put('owner', `/contracts/${c.id}/returned`)).json());
    expect(done).toMatchObject({ status: 'FINISHED', lateFeeCents: 5 * 2 * 500, lateFeeDebtCents: 0 });
    expect(await balance('renter')).toBe(10_000 - 5_000);
    // The late fee and, the rental having ended, its 15 € rent, realised in the return's transaction.
    expect(await balance('owner')).toBe(ownerBefore + 5_000 + 1_500);
    expect(await ledgerProblems(ctx.database.db)).toEqual(BOOKS_HOLD);
  });

  it("charges nothing when the renter marked the return on time, however late the owner's mark", async () => {
    ctx.clock.set('2025-06-02T09:00:00Z');
    const c = await paidContract('renter', '2025-06-18T10:00', '2025-06-18T13:00');
    ctx.clock.set('2025-06-18T07:00:00Z');
    expect((await put('renter', `/contracts/${c.id}/received`)).statusCode).toBe(200);
    ctx.clock.set('2025-06-18T09:59:00Z');
    expect((await put('renter', `/contracts/${c.id}/returned`)).statusCode).toBe(200);
    await setBalance('renter', 10_000);
    ctx.clock.set('2025-06-18T15:00:00Z');
    const done = Contract.parse((await put('owner', `/contracts/${c.id}/returned`)).json());
    expect(done).toMatchObject({ status: 'FINISHED', ownerReturnedTs: '2025-06-18T15:00:00.000Z', lateFeeCents: null });
    expect(await balance('renter')).toBe(10_000);
  });

  it('charges started days of a daily rental; what the balance lacks is the debt that refuses new bookings until paid', async () => {
    ctx.clock.set('2025-06-02T09:00:00Z');
    const c = await paidContract('other', '2025-06-12T10:00', '2025-06-13T10:00');
    ctx.clock.set('2025-06-12T07:00:00Z');
    expect((await put('other', `/contracts/${c.id}/received`)).statusCode).toBe(200);
    await setBalance('other', 2_000);
    // 25 h late: two started days at 2 × 30 € = 120 €, of which the balance pays 20 €.
    ctx.clock.set('2025-06-14T08:00:00Z');
    const done = Contract.parse((await put('owner', `/contracts/${c.id}/returned`)).json());
    expect(done).toMatchObject({ status: 'FINISHED', lateFeeCents: 12_000, lateFeeDebtCents: 10_000 });
    expect(await balance('other')).toBe(0);
    expect(await accountBalance(ctx.database.db, accounts.debt(ids.other))).toBe(-10_000);
    expect(await accountBalance(ctx.database.db, accounts.receivable(ids.owner))).toBe(10_000);

    const before = await bookingTables();
    const refused = expectApiError(await book('other', '2025-06-20T10:00:00+03:00', '2025-06-20T12:00:00+03:00'), 409, 'RENTER_IN_DEBT');
    expect(refused.message).toBe(
      `Sul on tasumata võlg ${formatEuros(10_000)}. Uusi broneeringuid saad teha pärast võla tasumist: tee oma kontole sissemakse.`,
    );
    expect(await bookingTables()).toBe(before);

    // A deposit that covers it: the next booking pays the debt first, to the owner, and goes through.
    await setBalance('other', 10_500);
    const ownerBefore = await balance('owner');
    expect((await book('other', '2025-06-20T10:00:00+03:00', '2025-06-20T12:00:00+03:00')).statusCode).toBe(201);
    expect(await balance('other')).toBe(500);
    expect(await balance('owner')).toBe(ownerBefore + 10_000);
    expect(await accountBalance(ctx.database.db, accounts.debt(ids.other))).toBe(0);
    expect(await ledgerProblems(ctx.database.db)).toEqual(BOOKS_HOLD);
  });
});

describe('debtor limits (ADR 0043)', () => {
  it('lets a limited private user have up to 500 € rented at once, and a limited company up to 2000 €', async () => {
    ctx.clock.set('2025-06-02T09:00:00Z');
    // 10 days at 30 €/day is 300 € (the owner is not VAT-liable, no fee on rent): one fits under 500 €, two do not.
    const first = await book('limited', '2025-07-01T10:00:00+03:00', '2025-07-11T10:00:00+03:00');
    expect(first.statusCode).toBe(201);
    const r = Reservation.parse(first.json());
    await ctx.app.inject({
      method: 'PUT',
      url: `/reservations/accept/${r.id}`,
      headers: await as('owner'),
      payload: { additionalCost: 0, acceptedText: 'Tere' },
    });
    const before = await bookingTables();
    const refused = expectApiError(await book('limited', '2025-07-20T10:00:00+03:00', '2025-07-30T10:00:00+03:00'), 409, 'DEBTOR_LIMIT');
    expect(refused.message).toBe(
      `Maksehäiretega kasutaja võib korraga rentida kuni ${formatEuros(50_000)} väärtuses. Sinu pooleliolevad rendid on ${formatEuros(30_000)}, see broneering (${formatEuros(30_000)}) ületaks piiri.`,
    );
    expect(await bookingTables()).toBe(before);

    await ctx.database.db.update(users).set({ type: 'B2B' }).where(eq(users.id, ids.limited));
    try {
      expect((await book('limited', '2025-07-20T10:00:00+03:00', '2025-07-30T10:00:00+03:00')).statusCode).toBe(201);
    } finally {
      await ctx.database.db.update(users).set({ type: 'B2C' }).where(eq(users.id, ids.limited));
    }
  });
});

describe('authorization matrix and bad input of the handover and return calls', () => {
  it('anonymous 401, outsiders (other, limited, need-ID) 404, the wrong party 409; nothing changes', async () => {
    ctx.clock.set('2025-06-02T09:00:00Z');
    const c = await paidContract('renter', '2025-06-16T10:00', '2025-06-16T13:00');
    ctx.clock.set('2025-06-16T07:00:00Z');
    const before = await bookingTables();
    for (const url of [`/contracts/${c.id}/received`, `/contracts/${c.id}/returned`]) {
      expectApiError(await put(undefined, url), 401, 'UNAUTHORIZED');
      for (const who of OUTSIDERS) expectApiError(await put(who, url), 404, 'NOT_FOUND');
    }
    // Before the renter's receipt nobody ends the rental.
    for (const who of ['owner', 'renter'] as const) {
      const refused = expectApiError(await put(who, `/contracts/${c.id}/returned`), 409, 'INVALID_STATUS');
      expect(refused.message).toBe('Tagastust saab märkida ainult toote omanik pärast seda, kui rentija on toote kätte saanud.');
    }
    expect(await bookingTables()).toBe(before);
    expect((await put('renter', `/contracts/${c.id}/received`)).statusCode).toBe(200);
    expectApiError(await put('renter', `/contracts/${c.id}/received`), 409, 'INVALID_STATUS');
  });

  it('walks the calls with broken ids: 4xx with a code, never a 500', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', '%00', '%E2%82', 'null', '1e3', '99999999']) {
      for (const url of [`/contracts/${id}/received`, `/contracts/${id}/returned`]) {
        const res = await put('owner', url);
        expect({ url, client: res.statusCode >= 400 && res.statusCode < 500 }).toEqual({ url, client: true });
        const body = ApiErrorBody.parse(res.json());
        expect(body.codes[0]).toBe(body.code);
      }
    }
  });
});
