import { sql } from 'drizzle-orm';
import { AccountSummary, PaymentOrderToken } from 'shared-kernel/schemas';
import { queryRows } from '../src/db/database';
import { contracts, products, reservations, users } from '../src/db/schema';
import { createRandom } from '../src/demo/prng';
import { newReservationHash } from '../src/repositories/reservation-repository';
import { signJwt } from '../src/services/payments/jwt';
import { SANDBOX_ACCESS_KEY, SANDBOX_SECRET } from '../src/services/payments/provider';
import { cookieHeader, createTestApp, type TestContext } from '../src/testing/test-app';
import { isPostgresRun } from '../src/testing/test-database';
import { ledgerProblems } from '../src/testing/assertions';

// Acceptance 6: random concurrent deposits, payments, cancellations (with refunds) and
// withdrawals on PostgreSQL, where transactions really interleave. Afterwards the books hold.
const describePg = isPostgresRun() ? describe : describe.skip;

describePg('money under concurrency (PostgreSQL property test)', () => {
  let ctx: TestContext;
  let ownerId: number;
  let renters: number[];
  const tokens = new Map<number, string>();
  const contractsOf = new Map<number, number[]>();

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const [owner] = await db
      .insert(users)
      .values({
        username: 'owner@example.ee',
        passwordHash: 'x',
        type: 'B2C',
        name: 'Omanik',
        roles: ['ROLE_USER'],
        accountNr: 'EE382200221020145685',
      })
      .returning({ id: users.id });
    ownerId = owner.id;
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: 6 }, (_, i) => ({
          username: `payer${i}@example.ee`,
          passwordHash: 'x',
          type: 'B2C' as const,
          name: `Maksja ${i}`,
          roles: ['ROLE_USER'],
          accountNr: 'EE382200221020145685',
        })),
      )
      .returning({ id: users.id });
    renters = rows.map((r) => r.id);
    await db.execute(sql`insert into categories (id, name) values (900, 'Test') on conflict do nothing`);
    const now = ctx.clock.now().getTime();
    for (const [i, renterId] of renters.entries()) {
      tokens.set(renterId, await ctx.app.sessionRepository.create(renterId, ctx.clock.now()));
      const ids: number[] = [];
      for (let k = 0; k < 4; k++) {
        const [p] = await db
          .insert(products)
          .values({ userId: ownerId, categoryId: 900, name: `Toode ${i}-${k}`, priceDailyCents: 1000 })
          .returning({ id: products.id });
        // Starts between 20 h and 100 h ahead: the cancellations hit every refund step.
        const startTs = new Date(now + (20 + (((i * 4 + k) * 7) % 80)) * 3_600_000);
        const endTs = new Date(startTs.getTime() + 24 * 3_600_000);
        const [r] = await db
          .insert(reservations)
          .values({
            hash: newReservationHash(),
            productId: p.id,
            userId: renterId,
            productOwnerId: ownerId,
            status: 'ACCEPTED',
            startTs,
            endTs,
          })
          .returning({ id: reservations.id });
        const [c] = await db
          .insert(contracts)
          .values({
            reservationId: r.id,
            productId: p.id,
            renterId,
            ownerId,
            status: 'PENDING_PAYMENT',
            startTs,
            endTs,
            amountCents: 1500 + k * 700,
            feeCents: 150,
            additionalServiceCostCents: 500,
            contractData: { product: { id: p.id, name: `Toode ${i}-${k}` } },
          })
          .returning({ id: contracts.id });
        ids.push(c.id);
      }
      contractsOf.set(renterId, ids);
    }
  });
  afterAll(async () => {
    await ctx.close();
  });

  const as = (userId: number) => cookieHeader(tokens.get(userId));

  async function depositAndNotify(userId: number, euros: number, deliveries: number): Promise<void> {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/payment',
      headers: as(userId),
      payload: { payment: { methodOptions: { preferredProvider: 'HABAEE2X' }, amount: euros } },
    });
    const order = PaymentOrderToken.parse(res.json());
    // Montonio's order token: the amount as the decimal euros the payer paid.
    const orderToken = await signJwt(
      {
        uuid: order.merchantReference,
        accessKey: SANDBOX_ACCESS_KEY,
        merchantReference: order.merchantReference,
        paymentStatus: 'PAID',
        grandTotal: euros,
        currency: 'EUR',
      },
      SANDBOX_SECRET,
      ctx.clock.now(),
    );
    await Promise.all(
      Array.from({ length: deliveries }, () => ctx.app.inject({ method: 'POST', url: '/payment/notify', payload: { orderToken } })),
    );
  }

  it('after random concurrent money operations every transaction balances, the ledger sums to zero and no wallet is negative', async () => {
    const random = createRandom(20250602);
    const operations: Array<() => Promise<unknown>> = [];
    for (let i = 0; i < 160; i++) {
      const userId = random.pick(renters);
      const owned = contractsOf.get(userId) ?? [];
      const roll = random.next();
      if (roll < 0.3) operations.push(() => depositAndNotify(userId, random.int(5, 60), random.int(1, 3)));
      else if (roll < 0.55) {
        const some = owned.filter(() => random.next() < 0.5);
        if (some.length)
          operations.push(() =>
            ctx.app.inject({ method: 'PUT', url: `/payment/contract?contracts=${some.join(',')}`, headers: as(userId) }),
          );
      } else if (roll < 0.75) {
        const id = random.pick(owned);
        operations.push(() => ctx.app.inject({ method: 'PUT', url: `/contracts/cancel/${id}`, headers: as(userId) }));
      } else {
        const amount = random.int(1, 40);
        operations.push(() => ctx.app.inject({ method: 'POST', url: '/payment/withdrawal', headers: as(userId), payload: { amount } }));
      }
    }
    // In waves of 20 concurrent requests, each wave's order shuffled by the random source.
    const statuses: number[] = [];
    const failures: string[] = [];
    for (let i = 0; i < operations.length; i += 20) {
      const results = await Promise.all(operations.slice(i, i + 20).map((op) => op()));
      for (const r of results) {
        if (!r || typeof r !== 'object' || !('statusCode' in r)) continue;
        const res = r as { statusCode: number; body: string };
        statuses.push(res.statusCode);
        if (res.statusCode >= 500) failures.push(res.body);
      }
    }
    expect(failures).toEqual([]);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(10);

    const db = ctx.database.db;
    expect(await ledgerProblems(db)).toEqual({ unbalancedTransactions: 0, ledgerSum: 0, negativeWallets: 0, oneLegTransactions: 0 });

    for (const userId of renters) {
      const summary = AccountSummary.parse((await ctx.app.inject({ url: '/payment/unpaid-contracts', headers: as(userId) })).json());
      const [wallet] = await queryRows<{ s: string | null }>(
        db,
        sql`select sum(amount_cents)::text as s from ledger_entries where account = ${`user:${userId}:wallet`}`,
      );
      expect(summary.balanceCents).toBe(Number(wallet.s ?? 0));
      // The payments rows tell the same story as the ledger.
      const [rows] = await queryRows<{ s: string | null }>(
        db,
        sql`select sum(case when title_code in ('INPAYMENT', 'INREFUND') then amount_cents when title_code in ('OUTPAYMENT', 'OUTPAYMENT_FOR_RENT') then -amount_cents else 0 end)::text as s
            from payments where user_id = ${userId} and status <> 'FAILED'`,
      );
      expect(Number(rows.s ?? 0)).toBe(summary.balanceCents);
      // A paid contract was paid once: one payment transaction per contract at most.
      const [twice] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from (select contract_id from ledger_transactions where kind = 'CONTRACT_PAYMENT' group by contract_id having count(*) > 1) t`,
      );
      expect(twice.n).toBe(0);
    }
  }, 60_000);
});
