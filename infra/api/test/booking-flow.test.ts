import { and, eq } from 'drizzle-orm';
import {
  ApiErrorBody,
  CancelByHashAnswer,
  Contract,
  ContractByHash,
  ContractCancelAnswer,
  ContractInfo,
  ContractList,
  MyRentedProductList,
  RefundPreview,
  Reservation,
  ReservationList,
  ReservationUserDetails,
} from 'shared-kernel/schemas';

import { additionalServices, contracts, notifications, reservations } from '../src/db/schema';
import { newReservationHash } from '../src/repositories/reservation-repository';
import { bookableDemoProduct, createTestApp, demoCast, type TestAs, type TestContext, type TestWho as Who } from '../src/testing/test-app';
import { expectApiError, tableDigest } from '../src/testing/assertions';

// Issue 10, the request flow after the request: accept, decline, cancel, services, lookups,
// contracts with their refund, handover and return, and the manual rent's cancel page.

let ctx: TestContext;
let p0: number; // omanik's product, not paid later: 30 €/day, 25 €/day from 3 days
let p1: number; // omanik's second product, paid later
let serviceA: number; // 10.00 €
let serviceB: number; // 5.50 €

let ids: Record<Who, number>;
let emails: Record<Who, string>;
let as: TestAs;
const OUTSIDERS = ['other', 'limited', 'needsId'] as const;

const local = (wall: string, offset: '+02:00' | '+03:00' = '+03:00') => `${wall}:00${offset}`;

async function get(who: Who | undefined, url: string) {
  return ctx.app.inject({ url, headers: await as(who) });
}
async function put(who: Who | undefined, url: string, body?: unknown) {
  const headers = await as(who);
  if (body === undefined) return ctx.app.inject({ method: 'PUT', url, headers });
  return ctx.app.inject({
    method: 'PUT',
    url,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function book(who: Who, start: string, end: string, product = p0, services: number[] = []): Promise<Reservation> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/reservations/product/${product}`,
    headers: await as(who),
    payload: { startTs: start, endTs: end, additionalServices: services },
  });
  expect({ status: res.statusCode, body: res.body }).toMatchObject({ status: 201 });
  return Reservation.parse(res.json());
}

async function accept(r: Reservation, paidLater = false): Promise<Contract> {
  const res = await put('owner', `/reservations/${paidLater ? 'accept-paid-later' : 'accept'}/${r.id}`, {
    additionalCost: r.additionalServiceCost,
    acceptedText: 'Tere, ootan teid Tartus.',
  });
  expect({ status: res.statusCode, body: res.body }).toMatchObject({ status: 200 });
  return Contract.parse((await get('owner', `/contracts/reservation/${r.id}`)).json());
}

/** The renter pays the contract from the balance (issue 12): it is ACCEPTED, and the ledger knows what was paid. */
async function markPaid(contractId: number): Promise<void> {
  const res = await put('renter', `/payment/contract?contracts=${contractId}`);
  expect({ status: res.statusCode, body: res.body }).toMatchObject({ status: 200 });
}

const expectError = expectApiError;

const bookingTables = () =>
  tableDigest(ctx.database.db, ['reservations', 'reservation_additional_services', 'notifications', 'mail_outbox', 'contracts']);

async function notesOf(who: Who) {
  return ctx.database.db.select().from(notifications).where(eq(notifications.userId, ids[who])).orderBy(notifications.id);
}

beforeAll(async () => {
  ctx = await createTestApp({ demo: true });
  ctx.clock.set('2025-06-02T09:00:00Z');
  ({ ids, emails, as } = await demoCast(ctx));
  const product = { priceHourCents: 500, priceDailyCents: 3000, threeDayCents: 2500, paidLater: false, costCents: 20000 };
  p0 = await bookableDemoProduct(ctx, ids.owner, product, 0);
  p1 = await bookableDemoProduct(ctx, ids.owner, { ...product, paidLater: true }, 1);
  [serviceA, serviceB] = (
    await ctx.database.db
      .insert(additionalServices)
      .values([
        { productId: p0, name: 'Haakekonks', costCents: 1000 },
        { productId: p0, name: 'Rihmad', costCents: 550 },
      ])
      .returning({ id: additionalServices.id })
  ).map((r) => r.id);
});
afterAll(async () => {
  await ctx.close();
});

describe('demo data', () => {
  it('gives the demo renter and owner a waiting request, a contract waiting for payment, a finished rental and a manual rent', async () => {
    const mine = ReservationList.parse((await get('renter', '/reservations?as=renter')).json()).filter(
      (r) => r.productOwner.id === ids.owner,
    );
    expect(mine.map((r) => r.status).sort()).toEqual(['ACCEPTED', 'FINISHED', 'REQUESTED']);
    const contractsOfRenter = ContractList.parse((await get('renter', '/contracts')).json());
    expect(contractsOfRenter.map((c) => c.status).sort()).toEqual(['FINISHED', 'PENDING_PAYMENT']);
    expect(contractsOfRenter.find((c) => c.status === 'PENDING_PAYMENT')).toMatchObject({ mayPay: true, owner: { phone: '+37255523456' } });
    const [manual] = await ctx.database.db.select().from(reservations).where(eq(reservations.status, 'MANUAL'));
    const page = await get(undefined, `/reservations/cancel/hash/${manual.hash}?name=${encodeURIComponent('Peeter Paju')}`);
    expect(CancelByHashAnswer.parse(page.json()).status).toBe('MANUAL');
  });
});

describe('accept', () => {
  it('writes the contract with the fee breakdown fixed in cents, notifies and mails the renter', async () => {
    const countBefore = (await get('owner', '/reservations/count')).json() as number;
    const r = await book('renter', local('2025-06-09T08:00'), local('2025-06-12T08:00'), p0, [serviceA]);
    expect((await get('owner', '/reservations/count')).json()).toBe(countBefore + 1);
    expect((await get('renter', `/reservations/${r.id}/contract`)).json()).toBeNull();
    expect((await get('renter', `/reservations/hash/${r.hash}/contract`)).json()).toBeNull();

    const before = await bookingTables();
    const url = `/reservations/accept/${r.id}`;
    const body = { additionalCost: 10, acceptedText: 'Tere! Aadress: Tamme 5, Tartu. Telefon +37255523456.' };
    expectError(await put('owner', url, { ...body, additionalCost: 9.99 }), 409, 'INVALID_ADDITIONAL_COST');
    expectError(await put('owner', url, { acceptedText: body.acceptedText }), 409, 'INVALID_ADDITIONAL_COST');
    expectError(await put('owner', `/reservations/accept-paid-later/${r.id}`, body), 409, 'PAID_LATER_NOT_ALLOWED');
    expectError(await put('renter', url, body), 403, 'FORBIDDEN');
    for (const who of OUTSIDERS) expectError(await put(who, url, body), 404, 'NOT_FOUND');
    expectError(await put(undefined, url, body), 401, 'UNAUTHORIZED');
    expect(await bookingTables()).toBe(before);

    const res = await put('owner', url, body);
    expect(res.statusCode).toBe(200);
    expect(Reservation.parse(res.json())).toMatchObject({ id: r.id, status: 'ACCEPTED' });
    expect((await get('owner', '/reservations/count')).json()).toBe(countBefore);

    const [row] = await ctx.database.db.select().from(contracts).where(eq(contracts.reservationId, r.id));
    // 3 days at the three-day price 25 €, the service 10 € with its 10 % fee, no VAT.
    expect(row).toMatchObject({
      status: 'PENDING_PAYMENT',
      amountCents: 7500,
      additionalServiceCostCents: 1000,
      feeCents: 100,
      vatCents: 0,
      paidLater: false,
      renterId: ids.renter,
      ownerId: ids.owner,
    });
    expect(row.contractData).toMatchObject({
      product: { id: p0 },
      depositCents: 20000,
      renter: { id: ids.renter, name: 'Mari', identityCode: '49002280001', phone: '+37255512345' },
      owner: { id: ids.owner, phone: '+37255523456' },
    });
    const [stored] = await ctx.database.db.select().from(reservations).where(eq(reservations.id, r.id));
    expect(stored.acceptedText).toBe(body.acceptedText);

    const asRenter = Contract.parse((await get('renter', `/contracts/reservation/${r.id}`)).json());
    expect(asRenter).toMatchObject({
      id: row.id,
      status: 'PENDING_PAYMENT',
      reservationHash: r.hash,
      price: { amount: 75, additionalServiceCost: 10, ourFee: 1, vat: 0, total: 86 },
      depositCents: 20000,
      incoming: false,
      mayPay: true,
      mayCancel: true,
      mayReportBroken: false,
      mayMarkReceived: false,
      acceptedText: body.acceptedText,
      owner: { phone: '+37255523456' },
      renter: { phone: '+37255512345' },
    });
    const asOwner = Contract.parse((await get('owner', `/contracts/reservation/${r.id}`)).json());
    expect(asOwner).toMatchObject({ incoming: true, mayPay: false, mayCancel: true });
    expect(ContractInfo.parse((await get('owner', `/reservations/${r.id}/contract`)).json())).toEqual({
      id: row.id,
      status: 'PENDING_PAYMENT',
      startTs: r.startTs,
    });
    expect(ContractByHash.parse((await get('renter', `/reservations/hash/${r.hash}/contract`)).json())).toMatchObject({
      id: row.id,
      endReadonly: r.endTs,
      automaticText: body.acceptedText,
      ownerPhone: '+37255523456',
    });

    const note = (await notesOf('renter')).find((n) => n.type === 'PRODUCT_RENTAL_REQUEST_APPROVED');
    expect(note?.message).toContain('09.06.2025 08:00 – 12.06.2025 08:00');
    expect(note?.referenceList).toEqual(
      expect.arrayContaining([
        { type: 'RESERVATION', referenceId: r.id },
        { type: 'RESERVATION_HASH', referenceId: r.hash },
        { type: 'CONTRACT', referenceId: row.id },
      ]),
    );
    const mail = (await ctx.app.outbox.list(5)).find((m) => m.to === emails.renter);
    expect(mail?.body).toContain('kinnitatud');

    // Only a REQUESTED reservation can be accepted, declined, cancelled or changed.
    const unchanged = await bookingTables();
    expectError(await put('owner', url, body), 409, 'INVALID_STATUS');
    expectError(await put('owner', `/reservations/decline/${r.id}`), 409, 'INVALID_STATUS');
    expectError(await put('renter', `/reservations/cancel/${r.id}`), 409, 'INVALID_STATUS');
    expectError(await put('renter', `/reservations/additional-services/${r.id}`, { additionalService: [] }), 409, 'INVALID_STATUS');
    expect(await bookingTables()).toBe(unchanged);
  });

  it("accepts a paid-later product straight to ACCEPTED; handover, the renter's return and the owner's end it", async () => {
    const r = await book('renter', local('2025-06-16T08:00'), local('2025-06-17T08:00'), p1);
    const c = await accept(r, true);
    // The handover opens 24 h before the start (ADR 0043).
    ctx.clock.set('2025-06-15T05:00:00Z');
    expect(Contract.parse((await get('renter', `/contracts/reservation/${r.id}`)).json())).toMatchObject({
      status: 'ACCEPTED',
      paidLater: true,
      mayPay: false,
      mayMarkReceived: true,
      mayMarkReturned: false,
      mayReportBroken: true,
    });
    expect((await get('renter', '/contracts/accepted-count')).json()).toBeGreaterThanOrEqual(1);

    expectError(await put('renter', `/contracts/${c.id}/returned`), 409, 'INVALID_STATUS');
    const handed = Contract.parse((await put('owner', `/contracts/${c.id}/received`)).json());
    expect(handed).toMatchObject({ status: 'ACCEPTED', ownerHandedOverTs: ctx.clock.now().toISOString(), mayMarkReceived: false });
    expectError(await put('owner', `/contracts/${c.id}/received`), 409, 'INVALID_STATUS');
    const received = Contract.parse((await put('renter', `/contracts/${c.id}/received`)).json());
    expect(received).toMatchObject({
      status: 'CAPTURED',
      renterReceivedTs: ctx.clock.now().toISOString(),
      mayCancel: false,
      mayMarkReturned: true,
    });
    expect((await ctx.database.db.select().from(reservations).where(eq(reservations.id, r.id)))[0].status).toBe('CAPTURED');

    const half = Contract.parse((await put('renter', `/contracts/${c.id}/returned`)).json());
    expect(half).toMatchObject({ status: 'CAPTURED', mayMarkReturned: false });
    expectError(await put('renter', `/contracts/${c.id}/returned`), 409, 'INVALID_STATUS');
    for (const who of OUTSIDERS) expectError(await put(who, `/contracts/${c.id}/returned`), 404, 'NOT_FOUND');
    const done = Contract.parse((await put('owner', `/contracts/${c.id}/returned`)).json());
    expect(done).toMatchObject({ status: 'RETURNED', mayCancel: false, mayMarkReturned: false });
    expect((await ctx.database.db.select().from(reservations).where(eq(reservations.id, r.id)))[0].status).toBe('FINISHED');

    const ownerNotes = (await notesOf('owner')).filter((n) =>
      n.referenceList.some((ref) => ref.type === 'CONTRACT' && ref.referenceId === c.id),
    );
    const renterNotes = (await notesOf('renter')).filter((n) =>
      n.referenceList.some((ref) => ref.type === 'CONTRACT' && ref.referenceId === c.id),
    );
    expect(ownerNotes.map((n) => n.message)).toEqual([expect.stringContaining('kättesaaduks'), expect.stringContaining('Rentija märkis')]);
    expect(renterNotes.map((n) => n.message)).toEqual([
      expect.stringContaining('kinnitatud'),
      expect.stringContaining('üleantuks'),
      expect.stringContaining('Omanik märkis'),
    ]);
    ctx.clock.set('2025-06-02T09:00:00Z');
  });
});

describe('decline, renter cancel and services update', () => {
  it('declines with a reason, notifies the renter, and frees the time', async () => {
    const r = await book('other', local('2025-06-16T08:00'), local('2025-06-17T08:00'));
    const before = await bookingTables();
    expectError(await put('owner', `/reservations/decline/${r.id}?reason=BAD`), 400, 'VALIDATION_ERROR');
    expectError(await put('other', `/reservations/decline/${r.id}`), 403, 'FORBIDDEN');
    expectError(await put('renter', `/reservations/decline/${r.id}`), 404, 'NOT_FOUND');
    expectError(await put(undefined, `/reservations/decline/${r.id}`), 401, 'UNAUTHORIZED');
    expect(await bookingTables()).toBe(before);

    const res = await put('owner', `/reservations/decline/${r.id}?reason=BETTER_OFFER`);
    expect(Reservation.parse(res.json()).status).toBe('DECLINED');
    const [row] = await ctx.database.db.select().from(reservations).where(eq(reservations.id, r.id));
    expect(row.declineReason).toBe('BETTER_OFFER');
    const note = (await notesOf('other')).at(-1);
    expect(note).toMatchObject({ type: 'PRODUCT_RENTAL_UPDATE', message: expect.stringContaining('Sain parema pakkumise') });
    expect((await ctx.app.outbox.list(5)).find((m) => m.to === emails.other)?.body).toContain(`/auth/rent-completed?rental=${r.hash}`);
    // The same dates are free again.
    await book('machinery', local('2025-06-16T08:00'), local('2025-06-17T08:00'));
  });

  it('lets the renter change the services and cancel a REQUESTED reservation, and frees the time', async () => {
    const r = await book('other', local('2025-06-23T08:00'), local('2025-06-24T08:00'), p0, [serviceA]);
    const url = `/reservations/additional-services/${r.id}`;
    const before = await bookingTables();
    expectError(await put('other', url, { additionalService: [999999] }), 400, 'VALIDATION_ERROR');
    expectError(await put('owner', url, { additionalService: [serviceB] }), 403, 'FORBIDDEN');
    expectError(await put('renter', url, { additionalService: [serviceB] }), 404, 'NOT_FOUND');
    expect(await bookingTables()).toBe(before);

    const changed = Reservation.parse((await put('other', url, { additionalService: [serviceA, serviceB] })).json());
    expect(changed).toMatchObject({
      additionalServiceCost: 15.5,
      price: { amount: 30, additionalServiceCost: 15.5, ourFee: 1.55, total: 47.05 },
    });
    expect(changed.additionalServices.map((s) => s.id)).toEqual([serviceA, serviceB]);
    expect((await notesOf('owner')).at(-1)?.message).toMatch(/lisateenuseid.*Lisateenused kokku 15,50\s€/);
    // The owner now has to agree to 15.50 €.
    expectError(
      await put('owner', `/reservations/accept/${r.id}`, { additionalCost: 10, acceptedText: 'Jah' }),
      409,
      'INVALID_ADDITIONAL_COST',
    );

    expectError(await put('owner', `/reservations/cancel/${r.id}`), 403, 'FORBIDDEN');
    const cancelled = Reservation.parse((await put('other', `/reservations/cancel/${r.id}`)).json());
    expect(cancelled.status).toBe('CANCELLED');
    expect((await notesOf('owner')).at(-1)?.message).toContain('tühistas');
    await book('admin', local('2025-06-23T08:00'), local('2025-06-24T08:00'));
  });
});

describe('lookups', () => {
  it("answers the parties only, and lists the caller's reservations, contracts and rentals", async () => {
    const r = await book('business', local('2025-07-07T08:00'), local('2025-07-08T08:00'));
    for (const who of ['business', 'owner'] as const) {
      expect(Reservation.parse((await get(who, `/reservations/hash/${r.hash}`)).json()).id).toBe(r.id);
      expect(ReservationUserDetails.parse((await get(who, `/reservations/user-details/${r.id}`)).json())).toEqual({
        userId: ids.business,
        productOwnerId: ids.owner,
      });
    }
    for (const who of OUTSIDERS) {
      expectError(await get(who, `/reservations/hash/${r.hash}`), 404, 'NOT_FOUND');
      expectError(await get(who, `/reservations/hash/${r.hash}/contract`), 404, 'NOT_FOUND');
      expectError(await get(who, `/reservations/${r.id}/contract`), 404, 'NOT_FOUND');
      expectError(await get(who, `/reservations/user-details/${r.id}`), 404, 'NOT_FOUND');
    }
    expectError(await get('owner', '/reservations/hash/unknownhash1234'), 404, 'NOT_FOUND');

    const pending = ReservationList.parse((await get('owner', '/reservations?as=owner&statuses=REQUESTED')).json());
    expect(pending.map((x) => x.id)).toContain(r.id);
    expect(pending.every((x) => x.status === 'REQUESTED' && x.productOwner.id === ids.owner)).toBe(true);
    expect(ReservationList.parse((await get('owner', '/reservations?as=renter')).json()).map((x) => x.id)).not.toContain(r.id);
    expect(ReservationList.parse((await get('business', '/reservations?as=renter')).json()).map((x) => x.id)).toContain(r.id);
    expect(ReservationList.parse((await get('business', '/reservations')).json()).map((x) => x.id)).toContain(r.id);
    expect(
      ReservationList.parse((await get('other', '/reservations?statuses=REQUESTED&statuses=ACCEPTED')).json()).map((x) => x.id),
    ).not.toContain(r.id);

    const c = await accept(r);
    const mine = ContractList.parse((await get('business', '/contracts')).json());
    expect(mine.map((x) => x.id)).toContain(c.id);
    expect(ContractList.parse((await get('business', '/contracts?incoming=true')).json()).map((x) => x.id)).not.toContain(c.id);
    expect(ContractList.parse((await get('owner', '/contracts?incoming=true')).json()).map((x) => x.id)).toContain(c.id);
    for (const who of OUTSIDERS) {
      expectError(await get(who, `/contracts/reservation/${r.id}`), 404, 'NOT_FOUND');
      expect(ContractList.parse((await get(who, '/contracts')).json()).map((x) => x.id)).not.toContain(c.id);
    }

    const rentals = MyRentedProductList.parse((await get('business', '/products/my-rented-products?reservationStatuses=ACCEPTED')).json());
    expect(rentals.map((x) => x.reservation.id)).toContain(r.id);
    expect(rentals.find((x) => x.reservation.id === r.id)).toMatchObject({
      contract: { id: c.id, status: 'PENDING_PAYMENT' },
      imageUrl: expect.stringMatching(/^\/api\/files\//),
    });
    expect(
      MyRentedProductList.parse((await get('business', '/products/my-rented-products?reservationStatuses=FINISHED')).json()).map(
        (x) => x.reservation.id,
      ),
    ).not.toContain(r.id);
    expect(
      MyRentedProductList.parse((await get('owner', '/products/my-rented-products')).json()).map((x) => x.reservation.id),
    ).not.toContain(r.id);
  });

  it("hides the other party's phone once the contract is cancelled", async () => {
    const r = await book('business', local('2025-07-14T08:00'), local('2025-07-15T08:00'));
    const c = await accept(r);
    const seen = Contract.parse((await get('business', `/contracts/reservation/${r.id}`)).json());
    expect(seen.owner.phone).toBe('+37255523456');
    expect(ContractCancelAnswer.parse((await put('owner', `/contracts/cancel/${c.id}`)).json()).contract.status).toBe('CANCELLED');
    const after = Contract.parse((await get('business', `/contracts/reservation/${r.id}`)).json());
    expect(after.owner.phone).toBeNull();
    expect(after.renter?.phone).toBe('+37255534567');
    expect(ContractByHash.parse((await get('business', `/reservations/hash/${r.hash}/contract`)).json()).ownerPhone).toBeNull();
  });
});

describe('stale requests', () => {
  it('declines a stale request when it is opened, and refuses to accept it', async () => {
    const a = await book('renter', local('2025-06-30T10:00'), local('2025-06-30T12:00'));
    const b = await book('other', local('2025-06-30T13:00'), local('2025-06-30T15:00'));
    ctx.clock.set('2025-06-30T10:30:00Z'); // 13:30 in Tallinn: both have started
    expect(Reservation.parse((await get('renter', `/reservations/hash/${a.hash}`)).json()).status).toBe('DECLINED_BY_SYSTEM');
    const before = await ctx.database.db.select().from(reservations).where(eq(reservations.id, b.id));
    expect(before[0].status).toBe('DECLINED_BY_SYSTEM'); // the product's sweep took it too
  });

  it('accept of a request whose start passed declines it by the system and answers 409', async () => {
    const r = await book('admin', local('2025-07-01T10:00'), local('2025-07-01T12:00'), p1);
    // The sweep has not run yet: set the clock past the start and accept right away.
    ctx.clock.set('2025-07-01T07:30:00Z');
    expectError(await put('owner', `/reservations/accept/${r.id}`, { acceptedText: 'Jah' }), 409, 'RESERVATION_OUTDATED');
    const [row] = await ctx.database.db.select().from(reservations).where(eq(reservations.id, r.id));
    expect(row.status).toBe('DECLINED_BY_SYSTEM');
    expect(await ctx.database.db.select().from(contracts).where(eq(contracts.reservationId, r.id))).toEqual([]);
  });

  it('the server job alone declines a stale request nobody opens (acceptance 5)', async () => {
    ctx.clock.set('2025-07-02T09:00:00Z');
    const r = await book('admin', local('2025-07-03T10:00'), local('2025-07-03T12:00'), p1);
    ctx.clock.set('2025-07-03T07:00:01Z');
    // One round of the jobs plugin, as its minute timer runs it.
    await ctx.app.jobs.tick();
    const [row] = await ctx.database.db.select().from(reservations).where(eq(reservations.id, r.id));
    const status = row.status;
    expect(status).toBe('DECLINED_BY_SYSTEM');
    expect((await notesOf('admin')).at(-1)?.message).toContain('aegus');
  });
});

describe('contract cancel and the refund schedule (acceptance 3)', () => {
  // Monday 15 September 2025, 10:00 in Tallinn (07:00 UTC); total 30 € + 10 € service + 1 € fee = 41 €.
  const START = Date.parse('2025-09-15T07:00:00Z');
  const at = (hoursBefore: number, seconds: number) => new Date(START - hoursBefore * 3_600_000 + seconds * 1000).toISOString();
  const preview = async (who: Who | undefined, id: number, reason?: string) =>
    ctx.app.inject({
      url: `/contracts/${id}/refund-preview${reason ? `?reason=${encodeURIComponent(reason)}` : ''}`,
      headers: await as(who),
    });

  it('refunds 100/75/50/0 % of what was paid just over and just under 48, 24 and 12 h, and records what it previewed', async () => {
    ctx.clock.set('2025-09-01T09:00:00Z');
    const r = await book('renter', local('2025-09-15T10:00'), local('2025-09-16T10:00'), p0, [serviceA]);
    const c = await accept(r);
    // Before payment nothing was paid, so nothing is refunded.
    expect(RefundPreview.parse((await preview('renter', c.id)).json())).toMatchObject({ percent: 100, paidCents: 0, refundCents: 0 });
    await markPaid(c.id);
    const cases: [number, number, number, number][] = [
      [48, -1, 100, 4100],
      [48, 1, 75, 3075],
      [24, -1, 75, 3075],
      [24, 1, 50, 2050],
      [12, -1, 50, 2050],
      [12, 1, 0, 0],
      [0, 1, 0, 0],
    ];
    for (const [hours, seconds, percent, refund] of cases) {
      ctx.clock.set(at(hours, seconds));
      const p = RefundPreview.parse((await preview('renter', c.id)).json());
      expect({ hours, seconds, percent: p.percent, refund: p.refundCents, paid: p.paidCents }).toEqual({
        hours,
        seconds,
        percent,
        refund,
        paid: 4100,
      });
    }
    for (const who of OUTSIDERS) expectError(await preview(who, c.id), 404, 'NOT_FOUND');
    expectError(await preview(undefined, c.id), 401, 'UNAUTHORIZED');

    ctx.clock.set(at(24, 1));
    const before = await bookingTables();
    // The owner may not withdraw once the renter has paid; a blank or overlong reason is refused.
    expectError(await put('owner', `/contracts/cancel/${c.id}`), 409, 'INVALID_STATUS');
    expectError(await put('renter', `/contracts/cancel/${c.id}?reason=${encodeURIComponent('   ')}`), 400, 'VALIDATION_ERROR');
    expectError(await put('renter', `/contracts/cancel/${c.id}?reason=${'x'.repeat(501)}`), 400, 'VALIDATION_ERROR');
    for (const who of OUTSIDERS) expectError(await put(who, `/contracts/cancel/${c.id}`), 404, 'NOT_FOUND');
    expect(await bookingTables()).toBe(before);

    const shown = RefundPreview.parse((await preview('renter', c.id)).json());
    const done = ContractCancelAnswer.parse((await put('renter', `/contracts/cancel/${c.id}`)).json());
    expect(done.refund).toEqual(shown);
    expect(done.contract).toMatchObject({ status: 'CANCELLED', refundCents: 2050, cancelReason: null, mayCancel: false });
    const [row] = await ctx.database.db.select().from(contracts).where(eq(contracts.id, c.id));
    expect(row).toMatchObject({ status: 'CANCELLED', refundCents: 2050, cancelledBy: ids.renter });
    expect((await ctx.database.db.select().from(reservations).where(eq(reservations.id, r.id)))[0].status).toBe('CANCELLED');
    expect((await notesOf('owner')).at(-1)?.message).toContain('tühistatud');
    expectError(await put('renter', `/contracts/cancel/${c.id}`), 409, 'INVALID_STATUS');
    // The time is free again for an hourly rental the same morning.
    await book('other', local('2025-09-15T10:00'), local('2025-09-15T12:00'));
  });

  it('a broken item is a complaint an operator decides (issue 31), which a contract waiting for payment cannot report', async () => {
    ctx.clock.set('2025-09-01T09:00:00Z');
    const r = await book('renter', local('2025-09-17T10:00'), local('2025-09-18T10:00'), p0, [serviceA]);
    const c = await accept(r);
    expectError(await preview('renter', c.id, 'item was broken'), 409, 'INVALID_CANCEL_REASON');
    expectError(
      await put('renter', `/contracts/cancel/${c.id}?reason=${encodeURIComponent('item was broken')}`),
      409,
      'INVALID_CANCEL_REASON',
    );
    await markPaid(c.id);
    ctx.clock.set('2025-09-17T06:00:00Z'); // an hour before the start: the schedule would give 0 %
    expect(RefundPreview.parse((await preview('renter', c.id)).json()).refundCents).toBe(0);
    // The dialog previews with a placeholder reason and cancels with the renter's own words.
    const shown = RefundPreview.parse((await preview('renter', c.id, 'item was broken')).json());
    expect(shown).toMatchObject({ percent: 100, refundCents: 4100, brokenItem: true });
    const words = 'Haagise tuled ei põle, pistik on katki';
    const done = ContractCancelAnswer.parse((await put('renter', `/contracts/cancel/${c.id}?reason=${encodeURIComponent(words)}`)).json());
    // Nothing is refunded yet: the contract is APPEALED and the operator decides (test/admin-disputes.test.ts).
    expect(done.refund).toEqual({ ...shown, percent: 0, refundCents: 0 });
    expect(done.contract).toMatchObject({ status: 'APPEALED', refundCents: null });
  });

  it('lets the owner withdraw while payment is pending, refunding in full what was paid', async () => {
    ctx.clock.set('2025-09-01T09:00:00Z');
    const r = await book('renter', local('2025-09-19T10:00'), local('2025-09-20T10:00'));
    const c = await accept(r);
    expect(RefundPreview.parse((await preview('owner', c.id)).json())).toMatchObject({ percent: 100, paidCents: 0, refundCents: 0 });
    const done = ContractCancelAnswer.parse((await put('owner', `/contracts/cancel/${c.id}`)).json());
    expect(done.contract).toMatchObject({ status: 'CANCELLED', refundCents: 0, incoming: true });
    // Issue 25, item 7: nothing paid was 'Tagastatakse −0,00 €.'; the notice now says why nothing comes back.
    const notice = (await notesOf('renter')).at(-1)?.message ?? '';
    expect(notice).toMatch(/on tühistatud\. Makset ei olnud veel tehtud, seega pole midagi tagastada\.$/);
    expect(notice).not.toMatch(/[-−]0,00/);
  });

  it('tells the owner that nothing is refunded when the renter cancels a paid contract less than 12 h before the start', async () => {
    ctx.clock.set('2025-09-01T09:00:00Z');
    const r = await book('renter', local('2025-09-22T10:00'), local('2025-09-23T10:00'), p0, [serviceA]);
    const c = await accept(r);
    await markPaid(c.id);
    ctx.clock.set('2025-09-22T05:00:00Z'); // 08:00 in Tallinn, two hours before the start: 0 %
    const done = ContractCancelAnswer.parse((await put('renter', `/contracts/cancel/${c.id}`)).json());
    expect(done.refund).toMatchObject({ percent: 0, paidCents: 4100, refundCents: 0 });
    const notice = (await notesOf('owner')).at(-1)?.message ?? '';
    expect(notice).toMatch(/on tühistatud\. Tühistamistingimuste järgi makstud summat ei tagastata\.$/);
    expect(notice).not.toContain('0,00');
  });

  it('counts elapsed hours across the October DST change, not the wall clock', async () => {
    ctx.clock.set('2025-10-20T09:00:00Z');
    // Sunday 26 October 2025 10:00 in Tallinn is after the change (+02:00): 08:00 UTC.
    const r = await book('renter', local('2025-10-26T10:00', '+02:00'), local('2025-10-27T10:00', '+02:00'), p0, [serviceA]);
    const c = await accept(r);
    await markPaid(c.id);
    // Friday 24 October 10:30 (+03:00) is less than two calendar days before, but 48.5 elapsed hours.
    ctx.clock.set('2025-10-24T07:30:00Z');
    expect(RefundPreview.parse((await preview('renter', c.id)).json())).toMatchObject({ percent: 100, hoursBeforeStart: 48.5 });
    // 11:00:01 (+03:00) is 47 h 59 min 59 s before the start.
    ctx.clock.set('2025-10-24T08:00:01Z');
    const shown = RefundPreview.parse((await preview('renter', c.id)).json());
    expect(shown).toMatchObject({ percent: 75, refundCents: 3075 });
    const done = ContractCancelAnswer.parse((await put('renter', `/contracts/cancel/${c.id}`)).json());
    expect(done.refund).toEqual(shown);
    expect((await ctx.database.db.select().from(contracts).where(eq(contracts.id, c.id)))[0].refundCents).toBe(3075);
  });
});

describe("the manual rent's cancel page by hash and name", () => {
  let hash: string;
  beforeAll(async () => {
    hash = newReservationHash();
    await ctx.database.db.insert(reservations).values({
      hash,
      productId: p1,
      userId: null,
      productOwnerId: ids.owner,
      kind: 'MANUAL',
      status: 'MANUAL',
      startTs: new Date('2026-01-05T06:00:00Z'),
      endTs: new Date('2026-01-06T06:00:00Z'),
      personName: 'Peeter Paju',
      personPhone: '+37255500000',
    });
  });

  it('answers anyone with the hash and the name (any case, trimmed); a wrong name like an unknown hash', async () => {
    const url = (name: string, h = hash) => `/reservations/cancel/hash/${h}?name=${encodeURIComponent(name)}`;
    const before = await bookingTables();
    expect(CancelByHashAnswer.parse((await get(undefined, url('  peeter PAJU '))).json())).toMatchObject({
      status: 'MANUAL',
      startTs: '2026-01-05T06:00:00.000Z',
    });
    for (const name of ['Peeter', 'Paju Peeter', 'x'.repeat(200)]) expectError(await get(undefined, url(name)), 404, 'NOT_FOUND');
    // Control characters are refused before any lookup (issue 15).
    expectError(await get(undefined, url('Peeter\u0000Paju')), 400, 'VALIDATION_ERROR');
    expectError(await put(undefined, url('Peeter')), 404, 'NOT_FOUND');
    expectError(await get(undefined, url('Peeter Paju', newReservationHash())), 404, 'NOT_FOUND');
    expectError(await get(undefined, url('')), 400, 'VALIDATION_ERROR');
    expectError(await get(undefined, url('x'.repeat(201))), 400, 'VALIDATION_ERROR');
    // A platform reservation (no person name) is not reachable this way.
    const [platform] = await ctx.database.db
      .select({ hash: reservations.hash })
      .from(reservations)
      .where(and(eq(reservations.userId, ids.renter)))
      .limit(1);
    expectError(await get(undefined, url('Mari Maasikas', platform.hash)), 404, 'NOT_FOUND');
    expect(await bookingTables()).toBe(before);

    const done = CancelByHashAnswer.parse((await put(undefined, url('peeter paju'))).json());
    expect(done.status).toBe('CANCELLED');
    expect((await notesOf('owner')).at(-1)?.message).toContain('Peeter Paju tühistas');
    const again = await bookingTables();
    expect(CancelByHashAnswer.parse((await put(undefined, url('Peeter Paju'))).json()).status).toBe('CANCELLED');
    expect(await bookingTables()).toBe(again);
  });
});

describe('authorization matrix of the new endpoints', () => {
  it('anonymous 401, outsiders (other, limited, need-ID) 404, nothing changed', async () => {
    ctx.clock.set('2025-11-03T09:00:00Z');
    const r = await book('renter', local('2025-11-10T08:00', '+02:00'), local('2025-11-11T08:00', '+02:00'));
    const accepted = await book('admin', local('2025-11-12T08:00', '+02:00'), local('2025-11-13T08:00', '+02:00'));
    const c = await accept(accepted);
    const before = await bookingTables();
    const calls: [string, string, unknown?][] = [
      ['GET', `/reservations/hash/${r.hash}`],
      ['GET', `/reservations/hash/${r.hash}/contract`],
      ['GET', `/reservations/${r.id}/contract`],
      ['GET', `/reservations/user-details/${r.id}`],
      ['PUT', `/reservations/accept/${r.id}`, { acceptedText: 'Jah' }],
      ['PUT', `/reservations/accept-paid-later/${r.id}`, { acceptedText: 'Jah' }],
      ['PUT', `/reservations/decline/${r.id}`],
      ['PUT', `/reservations/cancel/${r.id}`],
      ['PUT', `/reservations/additional-services/${r.id}`, { additionalService: [] }],
      ['GET', `/contracts/reservation/${accepted.id}`],
      ['GET', `/contracts/${c.id}/refund-preview`],
      ['PUT', `/contracts/cancel/${c.id}`],
      ['PUT', `/contracts/${c.id}/received`],
      ['PUT', `/contracts/${c.id}/returned`],
    ];
    const lists = [
      '/reservations',
      '/reservations/count',
      '/contracts',
      '/contracts?incoming=true',
      '/contracts/accepted-count',
      '/products/my-rented-products',
    ];
    for (const [method, url, body] of calls) {
      const call = (who: Who | undefined) => (method === 'GET' ? get(who, url) : put(who, url, body));
      expectError(await call(undefined), 401, 'UNAUTHORIZED');
      for (const who of OUTSIDERS) expectError(await call(who), 404, 'NOT_FOUND');
    }
    for (const url of lists) {
      expectError(await get(undefined, url), 401, 'UNAUTHORIZED');
      for (const who of ['limited', 'needsId'] as const) {
        const res = await get(who, url);
        expect({ url, status: res.statusCode, body: res.json() }).toEqual({ url, status: 200, body: url.includes('count') ? 0 : [] });
      }
    }
    expect(await bookingTables()).toBe(before);
  });
});

describe('bad input: 4xx with a code, never a 500, nothing changed', () => {
  it('walks the new endpoints with broken ids, hashes, queries, bodies and NUL characters', async () => {
    ctx.clock.set('2025-11-03T09:00:00Z');
    const r = await book('other', local('2025-11-17T08:00', '+02:00'), local('2025-11-18T08:00', '+02:00'));
    const before = await bookingTables();
    const refused = (what: string, res: { statusCode: number; body: string }) => {
      expect({ what, status: res.statusCode >= 400 && res.statusCode < 500 }).toEqual({ what, status: true });
      const body = ApiErrorBody.parse(JSON.parse(res.body));
      expect(body.codes[0]).toBe(body.code);
    };
    const idUrls = (id: string) => [
      ['GET', `/reservations/${id}/contract`],
      ['GET', `/reservations/user-details/${id}`],
      ['PUT', `/reservations/accept/${id}`],
      ['PUT', `/reservations/accept-paid-later/${id}`],
      ['PUT', `/reservations/decline/${id}`],
      ['PUT', `/reservations/cancel/${id}`],
      ['PUT', `/reservations/additional-services/${id}`],
      ['GET', `/contracts/reservation/${id}`],
      ['GET', `/contracts/${id}/refund-preview`],
      ['PUT', `/contracts/cancel/${id}`],
      ['PUT', `/contracts/${id}/received`],
      ['PUT', `/contracts/${id}/returned`],
    ];
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', '%00', '1%00', '%E2%82', 'null', '1e3', '99999999']) {
      for (const [method, url] of idUrls(id)) {
        const body = url.includes('accept')
          ? { acceptedText: 'Jah' }
          : url.includes('additional-services')
            ? { additionalService: [] }
            : undefined;
        refused(`${method} ${url}`, await (method === 'GET' ? get('owner', url) : put('owner', url, body)));
      }
    }
    for (const h of ['short', 'x'.repeat(65), 'abc%00defgh', 'abc$defghij', '%E2%82%AC%E2%82%AC%E2%82%AC', 'unknownhash1234']) {
      refused(`hash ${h}`, await get('owner', `/reservations/hash/${h}`));
      refused(`hash contract ${h}`, await get('owner', `/reservations/hash/${h}/contract`));
      refused(`cancel page ${h}`, await get(undefined, `/reservations/cancel/hash/${h}?name=Peeter`));
      refused(`cancel page put ${h}`, await put(undefined, `/reservations/cancel/hash/${h}?name=Peeter`));
    }
    for (const q of ['', 'name=', 'name=%00', 'name=a&name=b'])
      refused(`cancel page ?${q}`, await get(undefined, `/reservations/cancel/hash/${r.hash}?${q}`));
    for (const q of [
      'reason=',
      'reason=better_offer',
      'reason=%00',
      'reason=BETTER_OFFER&reason=NOT_AVAILABLE',
      `reason=${'x'.repeat(600)}`,
    ]) {
      refused(`decline ?${q}`, await put('owner', `/reservations/decline/${r.id}?${q}`));
    }
    for (const q of ['as=nobody', 'statuses=NOPE', 'as=%00', `statuses=${'REQUESTED&statuses='.repeat(11)}REQUESTED`])
      refused(`list ?${q}`, await get('owner', `/reservations?${q}`));
    for (const q of ['incoming=yes', 'incoming=%00', 'incoming=true&incoming=false'])
      refused(`contracts ?${q}`, await get('owner', `/contracts?${q}`));
    refused('my rentals', await get('owner', '/products/my-rented-products?reservationStatuses=NOPE'));

    const acceptBodies: unknown[] = [
      '',
      '{"acceptedText": ',
      'null',
      [],
      {},
      { acceptedText: '' },
      { acceptedText: '   ' },
      { acceptedText: 'x'.repeat(251) },
      { acceptedText: 'Tere\u0000' },
      { acceptedText: 5 },
      { acceptedText: 'Jah', additionalCost: -1 },
      { acceptedText: 'Jah', additionalCost: 'x' },
      { acceptedText: 'Jah', additionalCost: 1 },
    ];
    for (const body of acceptBodies) {
      refused(`accept ${JSON.stringify(body)}`, await put('owner', `/reservations/accept/${r.id}`, body));
      refused(`accept-paid-later ${JSON.stringify(body)}`, await put('owner', `/reservations/accept-paid-later/${r.id}`, body));
    }
    for (const body of [
      {},
      { additionalService: 'x' },
      { additionalService: [serviceA, serviceA] },
      { additionalService: [-1] },
      { additionalService: ['\u0000'] },
      { additionalService: Array.from({ length: 51 }, (_, i) => i + 1) },
      { additionalService: [999999] },
    ]) {
      refused(`services ${JSON.stringify(body)}`, await put('other', `/reservations/additional-services/${r.id}`, body));
    }
    expect(await bookingTables()).toBe(before);
  });
});
