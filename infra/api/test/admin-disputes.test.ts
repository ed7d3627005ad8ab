import { eq } from 'drizzle-orm';
import { messages } from 'shared-kernel/messages';
import { AuditLog, ContractCancelAnswer, ContractList, DisputeDecisionAnswer, DisputeEvidence, DisputeList } from 'shared-kernel/schemas';
import { contracts, disputes, products, reservations } from '../src/db/schema';
import { accountBalance, accounts } from '../src/repositories/ledger';
import { newReservationHash } from '../src/repositories/reservation-repository';
import { runMoneySweep } from '../src/services/payments/money-jobs';
import { expectApiError, ledgerProblems, tableDigest } from '../src/testing/assertions';
import { demoCaller, fundWallet, type DemoCall } from '../src/testing/demo-calls';
import { createTestApp, demoUserIds, type TestContext } from '../src/testing/test-app';

// Issue 31, acceptance 4: the renter's 'broken' cancellation and the owner's problem report move
// the contract to APPEALED; an operator sees the evidence and decides with the terms' amounts,
// paid through the ledger in one transaction; the books sum to zero; the contract is SOLVED.

let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoUserIds>>;

const call: DemoCall = (...args) => demoCaller(ctx, ids)(...args);
const books = () => tableDigest(ctx.database.db, ['contracts', 'disputes', 'ledger_entries', 'payments', 'operator_audit_log']);
const wallet = (userId: number) => accountBalance(ctx.database.db, accounts.wallet(userId));

/** A contract of the demo owner's own new product, paid by the demo renter from the balance: ACCEPTED. */
async function paidContract(startInHours: number): Promise<number> {
  const db = ctx.database.db;
  const now = ctx.clock.now().getTime();
  const startTs = new Date(now + startInHours * 3_600_000);
  const endTs = new Date(startTs.getTime() + 48 * 3_600_000);
  const [{ categoryId }] = await db
    .select({ categoryId: products.categoryId })
    .from(products)
    .where(eq(products.userId, ids.privateOwner))
    .limit(1);
  const [product] = await db
    .insert(products)
    .values({ userId: ids.privateOwner, categoryId, name: 'Haagis', priceDailyCents: 3000 })
    .returning({ id: products.id });
  const [r] = await db
    .insert(reservations)
    .values({
      hash: newReservationHash(),
      productId: product.id,
      userId: ids.renter,
      productOwnerId: ids.privateOwner,
      status: 'ACCEPTED',
      startTs,
      endTs,
      priceCents: 6000,
    })
    .returning({ id: reservations.id });
  const [c] = await db
    .insert(contracts)
    .values({
      reservationId: r.id,
      productId: product.id,
      renterId: ids.renter,
      ownerId: ids.privateOwner,
      status: 'PENDING_PAYMENT',
      startTs,
      endTs,
      amountCents: 6000,
      feeCents: 100,
      additionalServiceCostCents: 1000,
      contractData: { product: { id: product.id, name: 'Haagis' } },
    })
    .returning({ id: contracts.id });
  expect((await call('renter', 'PUT', `/payment/contract?contracts=${c.id}`)).statusCode).toBe(200);
  return c.id;
}

beforeAll(async () => {
  ctx = await createTestApp({ demo: true });
  ctx.clock.set('2025-06-02T09:00:00Z');
  ids = await demoUserIds(ctx);
  // Enough for every contract here (the demo renter starts with 150 €).
  await fundWallet(ctx, ids.renter, 100_000, 'disputes');
});
afterAll(async () => {
  await ctx.close();
});

describe('opening a dispute', () => {
  it("the renter's 'item was broken' moves the contract to APPEALED and refunds nothing yet", async () => {
    const contractId = await paidContract(10);
    const before = await wallet(ids.renter);
    const res = await call('renter', 'PUT', `/contracts/cancel/${contractId}?reason=${encodeURIComponent('Haagise tuled ei põle')}`);
    expect(res.statusCode).toBe(200);
    const answer = ContractCancelAnswer.parse(res.json());
    expect(answer.contract.status).toBe('APPEALED');
    expect(answer.refund.refundCents).toBe(0);
    expect(await wallet(ids.renter)).toBe(before);
    const [d] = await ctx.database.db.select().from(disputes).where(eq(disputes.contractId, contractId));
    expect(d).toMatchObject({ kind: 'BROKEN', status: 'OPEN', openedBy: ids.renter, comment: 'Haagise tuled ei põle' });
  });

  it("the owner's report of a non-return moves the contract to APPEALED; a report on someone else's contract is refused", async () => {
    const contractId = await paidContract(20);
    const [{ productId }] = await ctx.database.db
      .select({ productId: contracts.productId })
      .from(contracts)
      .where(eq(contracts.id, contractId));
    const body = { userId: ids.privateOwner, productId, contractId, comment: 'Haagis on tagastamata.', kind: 'NOT_RETURNED' };
    const before = await books();
    expectApiError(await call('secondOwner', 'POST', '/feedback/problem', { ...body, userId: ids.secondOwner }), 409, 'INVALID_STATUS');
    expect(await books()).toBe(before);
    // The renter never marks the receipt; the owner's handover mark makes the rental one that happened.
    expectApiError(await call('privateOwner', 'POST', '/feedback/problem', body), 409, 'NOT_HANDED_OVER');
    const [refused] = await ctx.database.db.select().from(contracts).where(eq(contracts.id, contractId));
    expect(refused.status).toBe('ACCEPTED');
    expect((await call('privateOwner', 'PUT', `/contracts/${contractId}/received`)).statusCode).toBe(200);
    expect((await call('privateOwner', 'POST', '/feedback/problem', body)).statusCode).toBe(201);
    const [c] = await ctx.database.db.select().from(contracts).where(eq(contracts.id, contractId));
    expect(c.status).toBe('APPEALED');
    // A second complaint while one is open is refused.
    expectApiError(await call('privateOwner', 'POST', '/feedback/problem', body), 409, 'INVALID_STATUS');
  });
});

describe('deciding a dispute (acceptance 4)', () => {
  it('shows the queue with evidence, moves exactly the amounts named, keeps the books at zero and shows Lahendatud', async () => {
    const contractId = await paidContract(30);
    await call('renter', 'POST', `/user-messages/user/${ids.renter}/write`, {
      message: 'Tuled ei tööta, saadan pildid.',
      parentThread: { senderId: ids.renter, receiverId: ids.privateOwner },
    });
    await call('renter', 'PUT', `/contracts/cancel/${contractId}?reason=${encodeURIComponent('Tuled katki')}`);

    const queue = DisputeList.parse((await call('admin', 'GET', '/admin/disputes')).json());
    const item = queue.find((d) => d.contractId === contractId);
    expect(item).toMatchObject({
      kind: 'BROKEN',
      status: 'OPEN',
      openedBy: 'renter',
      productName: 'Haagis',
      renterId: ids.renter,
      ownerId: ids.privateOwner,
      paidCents: 7100,
      sevenDaysCents: 21000,
      nonReturnCents: 12000,
    });
    const evidence = DisputeEvidence.parse((await call('admin', 'GET', `/admin/disputes/${item?.id}`)).json());
    expect(evidence.messages.some((m) => m.fromRenter && m.message.includes('Tuled ei tööta'))).toBe(true);
    expect(evidence.handover).toEqual({ renterReceivedTs: null, ownerHandedOverTs: null, renterReturnedTs: null, ownerReturnedTs: null });
    expect(evidence.photos).toEqual([]);

    // The rental ends while the dispute is open: the owner's rent stays held.
    ctx.clock.advance(90 * 3_600_000);
    await runMoneySweep(ctx.app, ctx.app.bankLink);
    expect(await accountBalance(ctx.database.db, accounts.pending(ids.privateOwner))).toBeGreaterThanOrEqual(7000);

    const renterBefore = await wallet(ids.renter);
    const ownerBefore = await wallet(ids.privateOwner);
    const feesBefore = await accountBalance(ctx.database.db, accounts.fees);
    // Refund 30 € to the renter; a 7 € penalty (odd cents go to the owner: here even) split 50/50.
    const res = await call('admin', 'PUT', `/admin/disputes/${item?.id}/decide`, {
      penaltyCents: 701,
      refundCents: 3000,
      reason: 'Puudus oli väike',
    });
    expect(res.statusCode).toBe(200);
    expect(DisputeDecisionAnswer.parse(res.json())).toEqual({
      disputeId: item?.id,
      contractId,
      status: 'SOLVED',
      penaltyCents: 701,
      refundCents: 3000,
      platformShareCents: 350,
      ownerShareCents: 351,
    });
    // Renter: +30 € refund −7.01 € penalty. Owner: the held rent less its share of the refund, plus half the penalty.
    expect(await wallet(ids.renter)).toBe(renterBefore + 3000 - 701);
    const refundFromFees = Math.min(100, Math.round((100 * 3000) / 7100));
    expect(await wallet(ids.privateOwner)).toBe(ownerBefore + (7000 - (3000 - refundFromFees)) + 351);
    expect(await accountBalance(ctx.database.db, accounts.fees)).toBe(feesBefore - refundFromFees + 350);
    expect(await ledgerProblems(ctx.database.db)).toEqual({
      unbalancedTransactions: 0,
      ledgerSum: 0,
      negativeWallets: 0,
      oneLegTransactions: 0,
    });

    const mine = ContractList.parse((await call('renter', 'GET', '/contracts')).json());
    expect(mine.find((c) => c.id === contractId)?.status).toBe('SOLVED');
    expect(messages.statuses.contract.SOLVED).toBe('Lahendatud');
    const log = AuditLog.parse((await call('admin', 'GET', `/admin/audit-log?userId=${ids.renter}`)).json());
    expect(log[0]).toMatchObject({ action: 'DISPUTE_DECIDED', actorId: ids.admin, contractId, reason: 'Puudus oli väike' });

    // Deciding twice is refused and moves nothing.
    const settled = await books();
    expectApiError(
      await call('admin', 'PUT', `/admin/disputes/${item?.id}/decide`, { penaltyCents: 0, refundCents: 0, reason: 'Uuesti' }),
      409,
      'INVALID_STATUS',
    );
    expect(await books()).toBe(settled);
  });

  it('refuses a refund over what was paid and a penalty the renter cannot pay, changing nothing', async () => {
    const contractId = await paidContract(200);
    await call('renter', 'PUT', `/contracts/cancel/${contractId}?reason=katki`);
    const [d] = await ctx.database.db.select().from(disputes).where(eq(disputes.contractId, contractId));
    const before = await books();
    const over = expectApiError(
      await call('admin', 'PUT', `/admin/disputes/${d.id}/decide`, { penaltyCents: 0, refundCents: 7101, reason: 'Liiga palju' }),
      409,
      'INVALID_STATUS',
    );
    expect(over.message).toMatch(/^Tagasimakse ei saa olla suurem kui rentija makstud 71,00\s€\.$/);
    const poor = await call('admin', 'PUT', `/admin/disputes/${d.id}/decide`, {
      penaltyCents: 100_000_000,
      refundCents: 0,
      reason: 'Suur trahv',
    });
    expectApiError(poor, 409, 'INSUFFICIENT_FUNDS');
    expect(await books()).toBe(before);
  });
});

describe('authorization matrix', () => {
  it('anonymous gets 401, renter, owner, other user, limited and need-ID get 403 on every /admin/disputes call; nothing changes', async () => {
    const [d] = await ctx.database.db.select().from(disputes).limit(1);
    const endpoints = [
      { method: 'GET' as const, url: '/admin/disputes' },
      { method: 'GET' as const, url: `/admin/disputes/${d.id}` },
      { method: 'PUT' as const, url: `/admin/disputes/${d.id}/decide`, body: { penaltyCents: 0, refundCents: 0, reason: 'Proov' } },
    ];
    const before = await books();
    for (const e of endpoints) {
      expectApiError(await call(undefined, e.method, e.url, e.body), 401, 'UNAUTHORIZED');
      for (const who of ['renter', 'privateOwner', 'secondOwner', 'limited', 'needsId'] as const) {
        expectApiError(await call(who, e.method, e.url, e.body), 403, 'FORBIDDEN');
      }
    }
    expect(await books()).toBe(before);
    expect((await call('admin', 'GET', `/admin/disputes/${d.id}`)).statusCode).toBe(200);
  });
});

describe('bad input', () => {
  it.each([
    ['no body', undefined],
    ['no reason', { penaltyCents: 0, refundCents: 0 }],
    ['a negative penalty', { penaltyCents: -1, refundCents: 0, reason: 'Proov' }],
    ['euros instead of cents', { penaltyCents: 7.5, refundCents: 0, reason: 'Proov' }],
    ['a text amount', { penaltyCents: '700', refundCents: 0, reason: 'Proov' }],
    ['a huge amount', { penaltyCents: 1e12, refundCents: 0, reason: 'Proov' }],
    ['malformed JSON', '{"penaltyCents":'],
  ])('a decision with %s is a 400 in Estonian and changes nothing', async (_name, body) => {
    const [d] = await ctx.database.db.select().from(disputes).where(eq(disputes.status, 'OPEN')).limit(1);
    const before = await books();
    const res = await call('admin', 'PUT', `/admin/disputes/${d.id}/decide`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).not.toMatch(/expected|invalid input|required/i);
    expect(await books()).toBe(before);
  });

  it('an unknown or malformed dispute id is a 404 or 400, never a 500', async () => {
    expectApiError(await call('admin', 'GET', '/admin/disputes/2147483647'), 404, 'NOT_FOUND');
    expectApiError(
      await call('admin', 'PUT', '/admin/disputes/2147483647/decide', { penaltyCents: 0, refundCents: 0, reason: 'Proov' }),
      404,
      'NOT_FOUND',
    );
    expect((await call('admin', 'GET', '/admin/disputes/abc')).statusCode).toBe(400);
  });

  it('an owner report with an unknown kind is a 400', async () => {
    const res = await call('privateOwner', 'POST', '/feedback/problem', {
      userId: ids.privateOwner,
      productId: 1,
      comment: 'x',
      kind: 'BROKEN',
    });
    expect(res.statusCode).toBe(400);
  });
});
