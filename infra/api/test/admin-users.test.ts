import { and, eq, inArray } from 'drizzle-orm';
import { messages } from 'shared-kernel/messages';
import { AdminUser, AdminUserList, AuditLog, SuspendUserAnswer } from 'shared-kernel/schemas';
import { notifications, products, reservations } from '../src/db/schema';
import { newReservationHash } from '../src/repositories/reservation-repository';
import { expectApiError, tableDigest } from '../src/testing/assertions';
import { demoCaller, type DemoCall } from '../src/testing/demo-calls';
import { createTestApp, demoUserIds, sessionCookieOf, signedInUser, type TestContext } from '../src/testing/test-app';

// Issue 31, acceptance 6: the operator finds a user, suspends them with a reason (their sessions
// end, sign-in says 'Konto on peatatud', their open requests are declined on both sides) and
// reinstates them; the audit log shows who did both.

let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoUserIds>>;
type Who = 'admin' | 'renter' | 'privateOwner' | 'secondOwner' | 'limited' | 'needsId';
const WHO_ROLES: Record<Exclude<Who, 'admin'>, string> = {
  renter: 'renter',
  privateOwner: 'owner',
  secondOwner: 'other user',
  limited: 'limited',
  needsId: 'need-ID',
};

const call: DemoCall = (...args) => demoCaller(ctx, ids)(...args);
const login = (username: string, password: string) => ctx.app.inject({ method: 'POST', url: '/login', payload: { username, password } });
// Sessions are left out: every call here signs its caller in first.
const touched = () => tableDigest(ctx.database.db, ['users', 'reservations', 'operator_audit_log', 'notifications']);

/** A REQUESTED reservation of `renter` on one of `owner`'s products, a week ahead. */
async function openRequest(renter: number, owner: number, index = 0): Promise<number> {
  const db = ctx.database.db;
  const list = await db.select({ id: products.id }).from(products).where(eq(products.userId, owner)).orderBy(products.id);
  const start = new Date(ctx.clock.now().getTime() + (7 + index) * 86_400_000);
  const [row] = await db
    .insert(reservations)
    .values({
      hash: newReservationHash(),
      productId: list[index].id,
      userId: renter,
      productOwnerId: owner,
      startTs: start,
      endTs: new Date(start.getTime() + 86_400_000),
      priceCents: 3000,
    })
    .returning({ id: reservations.id });
  return row.id;
}

beforeAll(async () => {
  ctx = await createTestApp({ demo: true });
  ctx.clock.set('2026-11-26T09:00:00Z');
  ids = await demoUserIds(ctx);
});
afterAll(async () => {
  await ctx.close();
});

describe('finding users', () => {
  it('finds by part of a name, a last name, the whole name or an e-mail, in any case', async () => {
    const find = async (q: string) => AdminUserList.parse((await call('admin', 'GET', `/admin/users?q=${encodeURIComponent(q)}`)).json());
    const [renter] = await find('RENTIJA@rendime');
    expect(renter).toMatchObject({ id: ids.renter, username: 'rentija@rendime.ee', email: 'rentija@rendime.ee' });
    const [kadri] = await find('kadri@');
    expect(kadri).toMatchObject({ id: ids.secondOwner, suspended: false, email: 'kadri@rendime.ee' });
    const byName = await find(`${kadri.name} ${kadri.lastName ?? ''}`.trim());
    expect(byName.map((u) => u.id)).toEqual([ids.secondOwner]);
    // The seed's suspended user shows as suspended; a pattern character is a letter.
    expect((await find('peatatud')).find((u) => u.id === ids.suspended)).toMatchObject({ suspended: true });
    expect(await find('%')).toEqual([]);
  });
});

describe('suspending and reinstating (acceptance 6)', () => {
  it('ends the sessions, refuses sign-in, declines open requests on both sides, and reinstating restores access', async () => {
    const renterToken = sessionCookieOf(await login('rentija@rendime.ee', 'Rentija123'));
    expect((await signedInUser(ctx.app, renterToken))?.id).toBe(ids.renter);
    const asRenter = await openRequest(ids.renter, ids.privateOwner, 1);
    const otherRequest = await openRequest(ids.secondOwner, ids.privateOwner, 2);

    const res = await call('admin', 'PUT', `/admin/users/${ids.renter}/suspend`, { reason: '  Valeandmed profiilis  ' });
    expect(res.statusCode).toBe(200);
    const answer = SuspendUserAnswer.parse(res.json());
    expect(answer.user).toMatchObject({ id: ids.renter, suspended: true, suspendedReason: 'Valeandmed profiilis' });
    expect(answer.user.suspendedTs).toBe('2026-11-26T09:00:00.000Z');

    // The live session is gone and a new sign-in is refused with the spec's text.
    expect(await signedInUser(ctx.app, renterToken)).toBeNull();
    const refused = expectApiError(await login('rentija@rendime.ee', 'Rentija123'), 403, 'ACCOUNT_SUSPENDED');
    expect(refused.message).toBe('Konto on peatatud');

    // Every open request of the renter is declined by the system; a stranger's request is not.
    const rows = await ctx.database.db
      .select({ id: reservations.id, status: reservations.status, userId: reservations.userId })
      .from(reservations)
      .where(and(eq(reservations.userId, ids.renter), eq(reservations.status, 'REQUESTED')));
    expect(rows).toEqual([]);
    const [mine] = await ctx.database.db.select().from(reservations).where(eq(reservations.id, asRenter));
    expect(mine.status).toBe('DECLINED_BY_SYSTEM');
    const [stranger] = await ctx.database.db.select().from(reservations).where(eq(reservations.id, otherRequest));
    expect(stranger.status).toBe('REQUESTED');
    expect(answer.declinedRequests).toBeGreaterThanOrEqual(1);
    // The owner of the declined request is told why.
    const notes = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, ids.privateOwner));
    expect(notes.map((n) => n.message).some((m) => m.includes('teise osapoole konto on peatatud'))).toBe(true);

    const back = await call('admin', 'PUT', `/admin/users/${ids.renter}/reinstate`, { reason: 'Andmed parandatud' });
    expect(AdminUser.parse(back.json())).toMatchObject({ suspended: false, suspendedReason: null, suspendedTs: null });
    const again = sessionCookieOf(await login('rentija@rendime.ee', 'Rentija123'));
    expect((await signedInUser(ctx.app, again))?.id).toBe(ids.renter);

    // The log, newest first: who did what to whom, and why.
    const log = AuditLog.parse((await call('admin', 'GET', `/admin/audit-log?userId=${ids.renter}`)).json());
    expect(log.map((l) => [l.action, l.actorId, l.targetUserId, l.reason])).toEqual([
      ['USER_REINSTATED', ids.admin, ids.renter, 'Andmed parandatud'],
      ['USER_SUSPENDED', ids.admin, ids.renter, 'Valeandmed profiilis'],
    ]);
    expect(log[0].actorName).toMatch(/\S/);
    expect(log[0].targetName).toMatch(/\S/);
  });

  it('declines the open requests made to a suspended owner, and tells the renter', async () => {
    const request = await openRequest(ids.secondOwner, ids.privateOwner, 3);
    const res = await call('admin', 'PUT', `/admin/users/${ids.privateOwner}/suspend`, { reason: 'Kahtlane tegevus' });
    expect(SuspendUserAnswer.parse(res.json()).declinedRequests).toBeGreaterThanOrEqual(1);
    const [row] = await ctx.database.db.select().from(reservations).where(eq(reservations.id, request));
    expect(row).toMatchObject({ status: 'DECLINED_BY_SYSTEM', declineReason: 'DECLINED_BY_SYSTEM' });
    const notes = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ids.secondOwner), inArray(notifications.type, ['PRODUCT_RENTAL_UPDATE'])));
    expect(notes.some((n) => n.message.includes('konto on peatatud'))).toBe(true);
    expect((await call('admin', 'PUT', `/admin/users/${ids.privateOwner}/reinstate`, {})).statusCode).toBe(200);
  });

  it('refuses to suspend oneself, an admin, a suspended user, or to reinstate one who is not, changing nothing', async () => {
    const before = await touched();
    const r1 = expectApiError(await call('admin', 'PUT', `/admin/users/${ids.admin}/suspend`, { reason: 'Proov' }), 409, 'INVALID_STATUS');
    expect(r1.message).toBe(messages.errors.operator.notSelf);
    const r2 = expectApiError(
      await call('admin', 'PUT', `/admin/users/${ids.suspended}/suspend`, { reason: 'Proov' }),
      409,
      'INVALID_STATUS',
    );
    expect(r2.message).toBe(messages.errors.operator.alreadySuspended);
    const r3 = expectApiError(await call('admin', 'PUT', `/admin/users/${ids.renter}/reinstate`, {}), 409, 'INVALID_STATUS');
    expect(r3.message).toBe(messages.errors.operator.notSuspended);
    expectApiError(await call('admin', 'PUT', '/admin/users/999999/suspend', { reason: 'Proov' }), 404, 'NOT_FOUND');
    expect(await touched()).toBe(before);
  });
});

describe('authorization matrix', () => {
  const endpoints = () => [
    { method: 'GET' as const, url: '/admin/users?q=a' },
    { method: 'PUT' as const, url: `/admin/users/${ids.secondOwner}/suspend`, body: { reason: 'Proov' } },
    { method: 'PUT' as const, url: `/admin/users/${ids.suspended}/reinstate`, body: {} },
    { method: 'GET' as const, url: '/admin/audit-log' },
  ];

  it('anonymous gets 401 and every non-admin role 403 on every /admin user call; nothing changes', async () => {
    const before = await touched();
    for (const e of endpoints()) {
      expectApiError(await call(undefined, e.method, e.url, e.body), 401, 'UNAUTHORIZED');
      for (const who of Object.keys(WHO_ROLES) as (keyof typeof WHO_ROLES)[]) {
        const body = expectApiError(await call(who, e.method, e.url, e.body), 403, 'FORBIDDEN');
        expect(body.message).toBe(messages.common.forbidden);
      }
    }
    expect(await touched()).toBe(before);
  });

  it('the admin may call every one of them', async () => {
    for (const e of endpoints()) expect((await call('admin', e.method, e.url, e.body)).statusCode).toBe(200);
  });
});

describe('bad input', () => {
  it.each([
    ['no body', undefined],
    ['no reason', {}],
    ['a blank reason', { reason: '   ' }],
    ['a short reason', { reason: 'ab' }],
    ['a reason too long', { reason: 'x'.repeat(501) }],
    ['a number for a reason', { reason: 42 }],
    ['malformed JSON', '{"reason":'],
  ])('a suspension with %s is refused in Estonian and changes nothing', async (_name, body) => {
    const before = await touched();
    const res = await call('admin', 'PUT', `/admin/users/${ids.machinery}/suspend`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/[a-zõäöü]/i);
    expect(res.json().message).not.toMatch(/expected|invalid input|required/i);
    expect(await touched()).toBe(before);
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999'])('a user id %s is a 400, not a 500', async (id) => {
    expect((await call('admin', 'PUT', `/admin/users/${id}/suspend`, { reason: 'Proov' })).statusCode).toBe(400);
    expect((await call('admin', 'PUT', `/admin/users/${id}/reinstate`, {})).statusCode).toBe(400);
  });

  it('a search word over 100 characters and a bad log size are refused', async () => {
    const long = expectApiError(await call('admin', 'GET', `/admin/users?q=${'a'.repeat(101)}`), 400, 'VALIDATION_ERROR');
    expect(long.message).toContain(messages.errors.operator.queryTooLong);
    for (const size of ['0', '201', 'x'])
      expectApiError(await call('admin', 'GET', `/admin/audit-log?size=${size}`), 400, 'VALIDATION_ERROR');
  });
});
