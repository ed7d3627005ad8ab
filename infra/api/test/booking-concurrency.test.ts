import { sql } from 'drizzle-orm';
import { HOLDING_RESERVATION_STATUSES } from 'shared-kernel/domain';
import { queryRows } from '../src/db/database';
import { products, users } from '../src/db/schema';
import { cookieHeader, createTestApp, type TestContext } from '../src/testing/test-app';
import { isPostgresRun } from '../src/testing/test-database';

// PGlite serves one query at a time, so only PostgreSQL can race bookings for real (acceptance 2).
const describePg = isPostgresRun() ? describe : describe.skip;

describePg('concurrent booking requests on PostgreSQL', () => {
  let ctx: TestContext;
  let productId: number;
  let renters: number[];

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const [owner] = await db
      .insert(users)
      .values({ username: 'owner@example.ee', passwordHash: 'x', type: 'B2C', name: 'Omanik', roles: ['ROLE_USER'] })
      .returning({ id: users.id });
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: 50 }, (_, i) => ({
          username: `renter${i}@example.ee`,
          passwordHash: 'x',
          type: 'B2C' as const,
          name: `Rentija ${i}`,
          roles: ['ROLE_USER'],
        })),
      )
      .returning({ id: users.id });
    renters = rows.map((r) => r.id);
    await db.execute(sql`insert into categories (id, name) values (900, 'Test') on conflict do nothing`);
    const [p] = await db
      .insert(products)
      .values({
        userId: owner.id,
        categoryId: 900,
        name: 'Haagis',
        priceDailyCents: 3000,
        rentDays: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'],
      })
      .returning({ id: products.id });
    productId = p.id;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const overlaps = async () =>
    (
      await queryRows<{ n: number }>(
        ctx.database.db,
        sql`select count(*)::int as n from reservations a join reservations b
            on a.product_id = b.product_id and a.id < b.id
            and tstzrange(a.start_ts, a.end_ts) && tstzrange(b.start_ts, b.end_ts)
            where a.status in (${sql.join(
              HOLDING_RESERVATION_STATUSES.map((s) => sql`${s}`),
              sql`, `,
            )})
              and b.status in (${sql.join(
                HOLDING_RESERVATION_STATUSES.map((s) => sql`${s}`),
                sql`, `,
              )})`,
      )
    )[0].n;

  it('50 renters asking for overlapping dates at once: exactly one holds the time, 49 get UNAVAILABLE', async () => {
    const tokens = await Promise.all(renters.map((id) => ctx.app.sessionRepository.create(id, ctx.clock.now())));
    // Every window contains Monday 17:00 – Wednesday 08:00 (Tallinn), so at most one can be granted.
    const results = await Promise.all(
      tokens.map((token, i) =>
        ctx.app.inject({
          method: 'POST',
          url: `/reservations/product/${productId}`,
          headers: cookieHeader(token),
          payload: {
            startTs: `2025-06-09T${String(8 + (i % 10)).padStart(2, '0')}:00:00+03:00`,
            endTs: `2025-06-11T${String(8 + (i % 5)).padStart(2, '0')}:00:00+03:00`,
          },
        }),
      ),
    );
    const answers = results.map((r) => (r.statusCode === 201 ? '201' : `${r.statusCode} ${r.json().code}`)).sort();
    expect(answers).toEqual(['201', ...Array(49).fill('409 UNAVAILABLE')]);
    const [{ n }] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from reservations where product_id = ${productId}`,
    );
    expect(n).toBe(1);
    expect(await overlaps()).toBe(0);
  });

  it('one renter double-submitting different dates keeps one waiting request', async () => {
    const [renter] = await ctx.database.db
      .insert(users)
      .values({ username: 'double@example.ee', passwordHash: 'x', type: 'B2C', name: 'Kiirustaja', roles: ['ROLE_USER'] })
      .returning({ id: users.id });
    const token = await ctx.app.sessionRepository.create(renter.id, ctx.clock.now());
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: `/reservations/product/${productId}`,
          headers: cookieHeader(token),
          payload: {
            startTs: `2025-07-${String(1 + i * 2).padStart(2, '0')}T08:00:00+03:00`,
            endTs: `2025-07-${String(2 + i * 2).padStart(2, '0')}T08:00:00+03:00`,
          },
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused.map((r) => r.json().code)).toEqual(Array(9).fill('PENDING_RESERVATION'));
    expect(await overlaps()).toBe(0);
  });
});

if (!isPostgresRun()) {
  it('booking races run only on PostgreSQL (set DATABASE_URL)', () => {
    expect(isPostgresRun()).toBe(false);
  });
}
