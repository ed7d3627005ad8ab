import { eq } from 'drizzle-orm';
import { bookingErrorMessage } from 'shared-kernel/domain';
import { ApiErrorBody, CancelByHashAnswer, ContractCancelAnswer, ContractList, Reservation } from 'shared-kernel/schemas';
import { contracts, products, productVacationDays } from '../src/db/schema';
import { createTestApp, demoCast, type TestAs, type TestContext, type TestWho as Who } from '../src/testing/test-app';
import { expectApiError, tableDigest } from '../src/testing/assertions';

// Issue 11: POST /reservations/product/{id}/manual, the owner's off-platform rent. The clock is
// Monday 2 June 2025, 12:00 in Tallinn.

let ctx: TestContext;
let productId: number;

let ids: Record<Who, number>;
let as: TestAs;

const at = (wall: string) => `${wall}:00+03:00`;

async function manual(who: Who | undefined, body: Record<string, unknown>, product: number | string = productId) {
  return ctx.app.inject({ method: 'POST', url: `/reservations/product/${product}/manual`, headers: await as(who), payload: body });
}

const rent = (start: string, end: string, extra: Record<string, unknown> = {}) => ({
  income: 120.5,
  startTs: at(start),
  endTs: at(end),
  personName: 'Peeter Paju',
  personPhone: '+37255500000',
  ...extra,
});

const expectError = expectApiError;

const bookingTables = () =>
  tableDigest(ctx.database.db, ['reservations', 'reservation_additional_services', 'notifications', 'mail_outbox', 'contracts']);

beforeAll(async () => {
  ctx = await createTestApp({ demo: true });
  ctx.clock.set('2025-06-02T09:00:00Z');
  const db = ctx.database.db;
  ({ ids, as } = await demoCast(ctx));
  const [p] = await db.select({ id: products.id }).from(products).where(eq(products.userId, ids.owner)).orderBy(products.id).limit(1);
  productId = p.id;
  await db
    .update(products)
    .set({
      deleted: false,
      inactiveReason: null,
      rentDays: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'],
      startTs: '08:00',
      endTs: '18:00',
      priceDailyCents: 3000,
    })
    .where(eq(products.id, productId));
  await db.delete(productVacationDays).where(eq(productVacationDays.productId, productId));
  await db.insert(productVacationDays).values({ productId, day: '2025-06-27' });
});
afterAll(async () => {
  await ctx.close();
});

describe('POST /reservations/product/{id}/manual', () => {
  it('records a MANUAL rent with a MANUAL contract of the income, whose cancel page works', async () => {
    const res = await manual('owner', rent('2025-06-09T09:00', '2025-06-11T17:00'));
    expect(res.statusCode).toBe(201);
    const r = Reservation.parse(res.json());
    expect(r).toMatchObject({
      status: 'MANUAL',
      user: null,
      productOwner: { id: ids.owner },
      product: { id: productId },
      startTs: '2025-06-09T06:00:00.000Z',
      endTs: '2025-06-11T14:00:00.000Z',
    });
    const [contract] = await ctx.database.db.select().from(contracts).where(eq(contracts.reservationId, r.id));
    expect(contract).toMatchObject({ status: 'MANUAL', amountCents: 12050, renterId: null, ownerId: ids.owner, productId });
    expect(contract.contractData).toMatchObject({ kind: 'MANUAL', renterName: 'Peeter Paju', renterPhone: '+37255500000' });

    // The person's cancel page (/public/reservation-cancel/{hash}/{name}) finds it by hash and name.
    const page = await ctx.app.inject({ url: `/reservations/cancel/hash/${r.hash}?name=${encodeURIComponent('peeter paju')}` });
    expect(CancelByHashAnswer.parse(page.json())).toMatchObject({ status: 'MANUAL', startTs: r.startTs });

    // The owner's list shows it with the person.
    const mine = await ctx.app.inject({ url: '/products/my-products?tab=reserved', headers: await as('owner') });
    const product = (mine.json() as { id: number; ownerReservations: { id: number; renterName: string }[] }[]).find(
      (p) => p.id === productId,
    );
    expect(product?.ownerReservations).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: r.id, renterName: 'Peeter Paju', personPhone: '+37255500000' })]),
    );
  });

  it('holds the time: a booking or another manual rent of those days is UNAVAILABLE', async () => {
    const first = await manual('owner', rent('2025-06-16T09:00', '2025-06-17T17:00'));
    expect(first.statusCode).toBe(201);
    const before = await bookingTables();
    const booking = await ctx.app.inject({
      method: 'POST',
      url: `/reservations/product/${productId}`,
      headers: await as('renter'),
      payload: { startTs: at('2025-06-17T09:00'), endTs: at('2025-06-18T09:00') },
    });
    expectError(booking, 409, 'UNAVAILABLE');
    expectError(await manual('owner', rent('2025-06-17T12:00', '2025-06-18T12:00')), 409, 'UNAVAILABLE');
    expectError(await manual('owner', rent('2025-06-16T09:00', '2025-06-17T17:00')), 409, 'UNAVAILABLE');
    expect(await bookingTables()).toBe(before);
    // Right after it, the time is free.
    expect((await manual('owner', rent('2025-06-18T09:00', '2025-06-18T17:00'))).statusCode).toBe(201);
  });

  it('frees the time when the person cancels it', async () => {
    const r = Reservation.parse((await manual('owner', rent('2025-06-23T09:00', '2025-06-23T17:00'))).json());
    const cancelled = await ctx.app.inject({ method: 'PUT', url: `/reservations/cancel/hash/${r.hash}?name=Peeter%20Paju` });
    expect(cancelled.statusCode).toBe(200);
    expect((await manual('owner', rent('2025-06-23T09:00', '2025-06-23T17:00'))).statusCode).toBe(201);
  });

  // Issue 25: the owner's incoming-contracts list answered 500 once it held a manual rent (the
  // contract's owner snapshot had no phone, which the answer's schema requires).
  it("lists the manual rent in the owner's incoming contracts as 'Käsitsi' with the person, also once cancelled", async () => {
    const r = Reservation.parse((await manual('owner', rent('2025-07-07T09:00', '2025-07-07T17:00', { income: 40 }))).json());
    const incoming = async () => {
      const res = await ctx.app.inject({ url: '/contracts?incoming=true', headers: await as('owner') });
      expect({ status: res.statusCode, body: res.body.slice(0, 200) }).toMatchObject({ status: 200 });
      return ContractList.parse(res.json()).find((c) => c.reservationId === r.id);
    };
    const listed = await incoming();
    expect(listed).toMatchObject({
      status: 'MANUAL',
      incoming: true,
      renter: null,
      manualRenter: { name: 'Peeter Paju', phone: '+37255500000' },
      owner: { id: ids.owner, phone: expect.any(String) },
      price: { total: 40 },
      mayCancel: true,
      mayPay: false,
      // No renter on the platform: nothing to refund or charge for a broken item.
      mayReportBroken: false,
    });

    // Nobody else sees it: the person has no account, and other users are not parties.
    for (const who of ['renter', 'other'] as const) {
      for (const url of ['/contracts', '/contracts?incoming=true']) {
        const res = await ctx.app.inject({ url, headers: await as(who) });
        expect(res.statusCode).toBe(200);
        expect(ContractList.parse(res.json()).map((c) => c.id)).not.toContain(listed?.id);
      }
    }
    expectError(await ctx.app.inject({ url: '/contracts?incoming=true' }), 401, 'UNAUTHORIZED');

    // The owner cancels it from the list; it stays listed, cancelled, and the list keeps working.
    const cancelled = await ctx.app.inject({ method: 'PUT', url: `/contracts/cancel/${listed?.id}`, headers: await as('owner') });
    expect(cancelled.statusCode).toBe(200);
    expect(ContractCancelAnswer.parse(cancelled.json()).contract).toMatchObject({ status: 'CANCELLED', mayCancel: false });
    expect(await incoming()).toMatchObject({ status: 'CANCELLED', manualRenter: { name: 'Peeter Paju' } });
  });

  it('lists a manual contract stored before issue 25 (no owner phone in its snapshot)', async () => {
    const r = Reservation.parse((await manual('owner', rent('2025-07-08T09:00', '2025-07-08T17:00'))).json());
    const [c] = await ctx.database.db.select().from(contracts).where(eq(contracts.reservationId, r.id));
    const { owner, ...rest } = c.contractData as { owner: Record<string, unknown> };
    const { phone: _phone, ...ownerWithoutPhone } = owner;
    await ctx.database.db
      .update(contracts)
      .set({ contractData: { ...rest, owner: ownerWithoutPhone } })
      .where(eq(contracts.id, c.id));
    const res = await ctx.app.inject({ url: '/contracts?incoming=true', headers: await as('owner') });
    expect(res.statusCode).toBe(200);
    expect(ContractList.parse(res.json()).find((x) => x.id === c.id)).toMatchObject({
      owner: { id: ids.owner, phone: null },
      manualRenter: { name: 'Peeter Paju' },
    });
  });

  it('refuses everyone but the owner, changing nothing', async () => {
    const body = rent('2025-06-30T09:00', '2025-06-30T17:00');
    const before = await bookingTables();
    expectError(await manual(undefined, body), 401, 'UNAUTHORIZED');
    expectError(await manual('renter', body), 404, 'NOT_FOUND');
    expectError(await manual('other', body), 404, 'NOT_FOUND');
    expectError(await manual('limited', body), 404, 'NOT_FOUND');
    const needsId = expectError(await manual('needsId', body), 403, 'FORBIDDEN');
    expect(needsId.codes).toContain('IDENTITY_NOT_VERIFIED');
    expectError(await manual('owner', body, 999999), 404, 'NOT_FOUND');
    expect(await bookingTables()).toBe(before);
  });

  it('walks bad input and the calendar rules: each refused with a code, nothing changed', async () => {
    const cases: [string, Record<string, unknown>, number, string][] = [
      ['start after end', rent('2025-07-01T17:00', '2025-07-01T09:00'), 400, 'VALIDATION_ERROR'],
      ['start in the past', rent('2025-06-02T08:00', '2025-06-02T17:00'), 400, 'INVALID_TIMES'],
      ['a Saturday (not a rent day)', rent('2025-07-05T09:00', '2025-07-05T17:00'), 409, 'UNAVAILABLE'],
      ['before opening', rent('2025-07-01T07:00', '2025-07-01T17:00'), 409, 'UNAVAILABLE'],
      ['a rest day', rent('2025-06-27T09:00', '2025-06-27T17:00'), 409, 'IS_VACATION_DAY'],
      ['no name', rent('2025-07-01T09:00', '2025-07-01T17:00', { personName: '' }), 400, 'VALIDATION_ERROR'],
      ['short phone', rent('2025-07-01T09:00', '2025-07-01T17:00', { personPhone: '12' }), 400, 'VALIDATION_ERROR'],
      ['negative income', rent('2025-07-01T09:00', '2025-07-01T17:00', { income: -1 }), 400, 'VALIDATION_ERROR'],
      ['income three decimals', rent('2025-07-01T09:00', '2025-07-01T17:00', { income: 1.001 }), 400, 'VALIDATION_ERROR'],
      ['no offset', rent('2025-07-01T09:00', '2025-07-01T17:00', { startTs: '2025-07-01T09:00:00' }), 400, 'VALIDATION_ERROR'],
      ['NUL in name', rent('2025-07-01T09:00', '2025-07-01T17:00', { personName: 'Pee\u0000ter' }), 400, 'VALIDATION_ERROR'],
    ];
    const before = await bookingTables();
    for (const [label, body, status, code] of cases) {
      const res = await manual('owner', body);
      expect({ label, status: res.statusCode }).toEqual({ label, status });
      expectError(res, status, code);
    }
    expectError(await manual('owner', rent('2025-07-01T09:00', '2025-07-01T17:00'), 'abc'), 400, 'VALIDATION_ERROR');
    expect(await bookingTables()).toBe(before);
  });

  // Issue 25: a manual rent outside the product's hours was refused for that reason, but the owner
  // read 'already booked'. Each refusal carries its reason in its codes, and the UI's text for
  // those codes (the kernel's bookingErrorMessage) names that reason.
  it("gives each refusal of a period its own reason, from the error codes to the owner's notice", async () => {
    expect((await manual('owner', rent('2025-07-15T09:00', '2025-07-15T17:00'))).statusCode).toBe(201);
    const cases: [string, Record<string, unknown>, string[], string][] = [
      [
        'outside the hours',
        rent('2025-07-16T07:00', '2025-07-16T17:00'),
        ['UNAVAILABLE', 'OUTSIDE_RENT_HOURS'],
        'Üleandmine ja tagastamine peavad jääma toote rendiaegade sisse.',
      ],
      [
        'not a rent day',
        rent('2025-07-19T09:00', '2025-07-19T17:00'),
        ['UNAVAILABLE', 'NOT_RENT_DAY'],
        'Toodet ei saa sel päeval üle anda ega tagastada.',
      ],
      [
        'a rest day',
        rent('2025-06-27T09:00', '2025-06-27T17:00'),
        ['IS_VACATION_DAY'],
        'Valitud ajavahemikku jääb omaniku puhkepäev, mil toodet ei rendita.',
      ],
      ['already booked', rent('2025-07-15T12:00', '2025-07-15T17:00'), ['UNAVAILABLE'], 'Toode on antud ajavahemikus juba broneeritud.'],
      ['in the past', rent('2025-06-02T08:00', '2025-06-02T17:00'), ['INVALID_TIMES'], 'Algusaeg on enne praegust ajahetke.'],
      [
        'too far ahead',
        rent('2027-07-01T09:00', '2027-07-01T17:00'),
        ['VALIDATION_ERROR', 'RENTAL_TOO_FAR_AHEAD'],
        'Nii kaugele ette ei saa broneerida.',
      ],
    ];
    const before = await bookingTables();
    const texts = new Set<string>();
    for (const [label, body, codes, text] of cases) {
      const answer = ApiErrorBody.parse((await manual('owner', body)).json());
      expect({ label, codes: answer.codes, message: answer.message }).toEqual({ label, codes, message: text });
      expect({ label, shown: bookingErrorMessage(answer.codes) }).toEqual({ label, shown: text });
      texts.add(text);
    }
    expect(texts.size).toBe(cases.length);
    expect(await bookingTables()).toBe(before);
  });

  it('refuses a product removed from rent', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: `/products/${productId}/delete`,
      headers: await as('owner'),
      payload: { inActiveReason: 'Remondis' },
    });
    const before = await bookingTables();
    expectError(await manual('owner', rent('2025-07-02T09:00', '2025-07-02T17:00')), 409, 'UNAVAILABLE');
    expect(await bookingTables()).toBe(before);
    await ctx.app.inject({ method: 'PUT', url: `/products/${productId}/restore`, headers: await as('owner') });
    expect((await manual('owner', rent('2025-07-02T09:00', '2025-07-02T17:00'))).statusCode).toBe(201);
  });
});
