import { eq, sql } from 'drizzle-orm';
import { HOLDING_RESERVATION_STATUSES, RELEASED_RESERVATION_STATUSES } from 'shared-kernel/domain';
import { tallinnDayNumber, tallinnIsoDate, tallinnLocalToEpoch, tallinnSecondOfDay, weekdayIndexOfDayNumber } from 'shared-kernel/time';
import { queryRows } from '../src/db/database';
import { products, reservations, users } from '../src/db/schema';
import { newReservationHash } from '../src/repositories/reservation-repository';
import { checkPeriod, tallinn } from '../src/services/availability/period-rules';
import { createTestApp, type TestContext } from '../src/testing/test-app';

// The availability engine's two halves: the calendar rules (luxon, Europe/Tallinn) and the
// database constraint that refuses overlapping holding reservations.

const at = tallinnLocalToEpoch;

describe('calendar rules', () => {
  const product = {
    rentDays: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'],
    vacationDays: ['2025-06-18'],
    startTs: '08:00',
    endTs: '18:00',
  };
  const now = at('2025-06-02T12:00');

  it('wants the handover and return on rent days, inside the daily hours', () => {
    expect(checkPeriod(product, at('2025-06-03T08:00'), at('2025-06-05T18:00'), now)).toBeNull();
    // Friday to Monday: the weekend in between is fine, only the two ends must be rent days.
    expect(checkPeriod(product, at('2025-06-06T08:00'), at('2025-06-09T08:00'), now)).toBeNull();
    expect(checkPeriod(product, at('2025-06-07T08:00'), at('2025-06-09T08:00'), now)).toEqual({
      code: 'UNAVAILABLE',
      detail: 'NOT_RENT_DAY',
    });
    expect(checkPeriod(product, at('2025-06-06T08:00'), at('2025-06-07T08:00'), now)).toEqual({
      code: 'UNAVAILABLE',
      detail: 'NOT_RENT_DAY',
    });
    expect(checkPeriod(product, at('2025-06-03T07:59'), at('2025-06-04T08:00'), now)).toEqual({
      code: 'UNAVAILABLE',
      detail: 'OUTSIDE_RENT_HOURS',
    });
    expect(checkPeriod(product, at('2025-06-03T10:00'), at('2025-06-03T18:00:01'), now)).toEqual({
      code: 'UNAVAILABLE',
      detail: 'OUTSIDE_RENT_HOURS',
    });
    expect(
      checkPeriod({ ...product, rentDays: [], startTs: 'x', endTs: '08:00' }, at('2025-06-07T02:00'), at('2025-06-08T23:00'), now),
    ).toBeNull();
  });

  it('refuses any date the rental touches that is a vacation day, the return day included', () => {
    expect(checkPeriod(product, at('2025-06-16T08:00'), at('2025-06-20T08:00'), now)).toEqual({
      code: 'IS_VACATION_DAY',
      day: '2025-06-18',
    });
    expect(checkPeriod(product, at('2025-06-17T08:00'), at('2025-06-18T08:00'), now)).toEqual({
      code: 'IS_VACATION_DAY',
      day: '2025-06-18',
    });
    expect(
      checkPeriod({ ...product, rentDays: [], startTs: '00:00', endTs: '24:00' }, at('2025-06-17T08:00'), at('2025-06-18T00:00'), now),
    ).toBeNull();
  });

  it('checks the times before the calendar', () => {
    expect(checkPeriod(product, at('2025-06-04T08:00'), at('2025-06-03T08:00'), now)).toEqual({ code: 'INVALID_TIMES_START_AFTER_END' });
    expect(checkPeriod(product, at('2025-06-02T11:00'), at('2025-06-03T08:00'), now)).toEqual({ code: 'INVALID_TIMES' });
    expect(checkPeriod(product, at('2025-06-03T08:00'), at('2026-06-05T08:00'), now)).toEqual({ code: 'TOO_LONG' });
    expect(checkPeriod(product, at('2027-06-08T08:00'), at('2027-06-09T08:00'), now)).toEqual({ code: 'TOO_FAR_AHEAD' });
  });

  it('reads the wall clock across both DST changes', () => {
    const newYear = at('2025-01-01T00:00');
    const allWeek = { ...product, rentDays: [] as string[], vacationDays: [] };
    // Sunday 26 October 2025: 08:00 is UTC+2, the day before UTC+3.
    expect(checkPeriod(allWeek, Date.parse('2025-10-25T05:00:00Z'), Date.parse('2025-10-26T06:00:00Z'), newYear)).toBeNull();
    expect(checkPeriod(allWeek, Date.parse('2025-10-25T05:00:00Z'), Date.parse('2025-10-26T05:00:00Z'), newYear)).toEqual({
      code: 'UNAVAILABLE',
      detail: 'OUTSIDE_RENT_HOURS',
    });
    expect(checkPeriod(allWeek, Date.parse('2025-03-29T06:00:00Z'), Date.parse('2025-03-30T05:00:00Z'), newYear)).toBeNull();
    expect(checkPeriod(allWeek, Date.parse('2025-03-29T06:00:00Z'), Date.parse('2025-03-30T06:00:00Z'), newYear)).toBeNull();
    expect(checkPeriod(allWeek, Date.parse('2025-03-29T05:00:00Z'), Date.parse('2025-03-30T06:00:00Z'), newYear)).toEqual({
      code: 'UNAVAILABLE',
      detail: 'OUTSIDE_RENT_HOURS',
    });
  });

  it("agrees with the kernel's Tallinn calendar (used by the price) on every hour around the DST changes", () => {
    const hours = [
      ...Array.from({ length: 72 }, (_, i) => Date.parse('2025-03-29T00:00:00Z') + i * 3_600_000),
      ...Array.from({ length: 72 }, (_, i) => Date.parse('2025-10-25T00:00:00Z') + i * 3_600_000 + 1_800_000),
      ...Array.from({ length: 60 }, (_, i) => Date.UTC(2026, 0, 1) + i * 6.1 * 86_400_000),
    ];
    for (const ms of hours) {
      const t = tallinn(ms);
      expect(tallinnIsoDate(ms)).toBe(t.toISODate());
      expect(tallinnSecondOfDay(ms)).toBe(t.hour * 3600 + t.minute * 60 + t.second);
      expect(weekdayIndexOfDayNumber(tallinnDayNumber(ms))).toBe(t.weekday % 7);
    }
  });
});

describe('the database refuses overlapping holding reservations', () => {
  let ctx: TestContext;
  let ownerId: number;
  let renterId: number;
  let productA: number;
  let productB: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const [owner, renter] = await db
      .insert(users)
      .values([
        { username: 'owner@example.ee', passwordHash: 'x', type: 'B2C', name: 'Omanik', roles: ['ROLE_USER'] },
        { username: 'renter@example.ee', passwordHash: 'x', type: 'B2C', name: 'Rentija', roles: ['ROLE_USER'] },
      ])
      .returning({ id: users.id });
    ownerId = owner.id;
    renterId = renter.id;
    await db.execute(sql`insert into categories (id, name) values (900, 'Test') on conflict do nothing`);
    const rows = await db
      .insert(products)
      .values([
        { userId: ownerId, categoryId: 900, name: 'A', priceDailyCents: 1000 },
        { userId: ownerId, categoryId: 900, name: 'B', priceDailyCents: 1000 },
      ])
      .returning({ id: products.id });
    [productA, productB] = rows.map((r) => r.id);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const insert = (productId: number, status: string, start: string, end: string) =>
    ctx.database.db.insert(reservations).values({
      hash: newReservationHash(),
      productId,
      userId: renterId,
      productOwnerId: ownerId,
      // Any status, as the constraint must see every one of them.
      status: status as 'REQUESTED',
      startTs: new Date(start),
      endTs: new Date(end),
    });
  const refusedBy = async (promise: Promise<unknown>) => {
    try {
      await promise;
      return 'inserted';
    } catch (e) {
      const err = e as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
      return err.cause?.constraint ?? err.constraint ?? err.cause?.code ?? err.code ?? 'error';
    }
  };

  it("lists exactly the kernel's holding statuses in the constraint", async () => {
    const [row] = await queryRows<{ def: string }>(
      ctx.database.db,
      sql`select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'reservations_no_overlap'`,
    );
    // The go-kart's shared slots are counted per slot instead (migration 0010), so `kind <> 'GOKART'` is there too.
    const [statusPart, kindPart] = row.def.split(/\bAND\b/i);
    const listed = [...statusPart.matchAll(/'([A-Z_]+)'/g)].map((m) => m[1]).sort();
    expect(listed).toEqual([...HOLDING_RESERVATION_STATUSES].sort());
    expect(kindPart).toMatch(/kind <> 'GOKART'/);
  });

  it.each(HOLDING_RESERVATION_STATUSES)('%s holds the time', async (status) => {
    await ctx.database.db.delete(reservations);
    expect(await refusedBy(insert(productA, status, '2025-09-01T05:00:00Z', '2025-09-03T05:00:00Z'))).toBe('inserted');
    expect(await refusedBy(insert(productA, 'ACCEPTED', '2025-09-02T05:00:00Z', '2025-09-02T06:00:00Z'))).toBe('reservations_no_overlap');
    expect(await refusedBy(insert(productA, 'MANUAL', '2025-08-31T05:00:00Z', '2025-09-01T05:00:01Z'))).toBe('reservations_no_overlap');
    // End-exclusive: the next rental may start at the return instant; another product is untouched.
    expect(await refusedBy(insert(productA, 'ACCEPTED', '2025-09-03T05:00:00Z', '2025-09-04T05:00:00Z'))).toBe('inserted');
    expect(await refusedBy(insert(productB, 'ACCEPTED', '2025-09-01T05:00:00Z', '2025-09-03T05:00:00Z'))).toBe('inserted');
  });

  it.each(RELEASED_RESERVATION_STATUSES)('%s frees the time', async (status) => {
    await ctx.database.db.delete(reservations);
    expect(await refusedBy(insert(productA, status, '2025-09-01T05:00:00Z', '2025-09-03T05:00:00Z'))).toBe('inserted');
    expect(await refusedBy(insert(productA, status, '2025-09-01T05:00:00Z', '2025-09-03T05:00:00Z'))).toBe('inserted');
    expect(await refusedBy(insert(productA, 'REQUESTED', '2025-09-02T05:00:00Z', '2025-09-02T06:00:00Z'))).toBe('inserted');
  });

  it('refuses a status the model does not know and a second waiting request of one renter', async () => {
    await ctx.database.db.delete(reservations);
    expect(await refusedBy(insert(productA, 'PENDING', '2025-09-01T05:00:00Z', '2025-09-02T05:00:00Z'))).toBe('reservations_status_known');
    expect(await refusedBy(insert(productA, 'REQUESTED', '2025-09-01T05:00:00Z', '2025-09-02T05:00:00Z'))).toBe('inserted');
    expect(await refusedBy(insert(productA, 'REQUESTED', '2025-10-01T05:00:00Z', '2025-10-02T05:00:00Z'))).toBe(
      'reservations_one_request_per_renter_uq',
    );
    // Moving the first request on frees the slot for a new one.
    await ctx.database.db.update(reservations).set({ status: 'ACCEPTED' }).where(eq(reservations.productId, productA));
    expect(await refusedBy(insert(productA, 'REQUESTED', '2025-10-01T05:00:00Z', '2025-10-02T05:00:00Z'))).toBe('inserted');
  });
});
