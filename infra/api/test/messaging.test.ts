import { eq, sql } from 'drizzle-orm';
import { messages as texts } from 'shared-kernel/messages/server';
import { ChatHistory, ChatMessage, ChatPartyList, MESSAGE_MAX, UserNotificationList } from 'shared-kernel/schemas';
import { queryRows } from '../src/db/database';
import { contracts, notifications, products, reservations, users } from '../src/db/schema';
import { createTestApp, demoCast, type TestAs, type TestContext, type TestWho as Who } from '../src/testing/test-app';
import { expectApiError, tableDigest } from '../src/testing/assertions';

// Issue 13: threads, messages and notifications (spec owner-and-account-area.md 3, 5, 7).

let ctx: TestContext;

let ids: Record<Who, number>;
let as: TestAs;

const expectError = expectApiError;

/** A fingerprint of everything messaging writes, to prove a refused request changed nothing. */
const messagingTables = () => tableDigest(ctx.database.db, ['message_threads', 'messages', 'notifications', 'mail_outbox']);

const write = async (who: Who | undefined, id: number, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: `/user-messages/user/${id}/write`, headers: await as(who), payload: payload as object });
const pair = (from: Who, to: Who) => ({ senderId: ids[from], receiverId: ids[to] });
const get = async (who: Who | undefined, url: string) => ctx.app.inject({ url, headers: await as(who) });
const history = async (who: Who, party: Who, limit?: number) =>
  ChatHistory.parse(
    (await get(who, `/user-messages/between-users/user/${ids[who]}/party/${ids[party]}${limit ? `?limit=${limit}` : ''}`)).json(),
  );
const parties = async (who: Who) => ChatPartyList.parse((await get(who, `/user-messages/user/${ids[who]}/user-chats`)).json());
const chatCount = async (who: Who) => (await get(who, `/user-messages/user/${ids[who]}/count-chats`)).json() as number;
const seen = async (who: Who, party: Who) =>
  ctx.app.inject({ method: 'PUT', url: `/user-messages/user/${ids[who]}/party/${ids[party]}/seen`, headers: await as(who) });

beforeAll(async () => {
  ctx = await createTestApp({ demo: true });
  ctx.clock.set('2025-06-02T09:00:00Z');
  ({ ids, as } = await demoCast(ctx));
  await ctx.database.db.execute(sql`delete from messages`);
  await ctx.database.db.execute(sql`delete from message_threads`);
});
afterAll(async () => {
  await ctx.close();
});

describe('a conversation between a renter and an owner', () => {
  it('is written, listed, counted and marked seen by its two parties', async () => {
    ctx.clock.advance(60_000);
    const res = await write('renter', ids.renter, { message: '  Tere!\n\tKas haagis on vaba?  ', parentThread: pair('renter', 'owner') });
    expect(res.statusCode).toBe(201);
    const sent = ChatMessage.parse(res.json());
    expect(sent).toMatchObject({
      message: 'Tere!\n\tKas haagis on vaba?',
      userId: ids.renter,
      isMine: true,
      parentThread: pair('renter', 'owner'),
    });

    const [owner] = await parties('owner');
    expect(owner).toMatchObject({ partyId: ids.renter, seen: false });
    const [renterUser] = await ctx.database.db.select().from(users).where(eq(users.id, ids.renter));
    expect(owner.otherPartyName).toBe(`${renterUser.name} ${renterUser.lastName}`);
    expect((await parties('renter'))[0]).toMatchObject({ partyId: ids.owner, seen: true });
    expect(await chatCount('owner')).toBe(1);
    expect(await chatCount('renter')).toBe(0);

    const thread = await history('owner', 'renter');
    expect(thread.messages.map((m) => [m.message, m.isMine])).toEqual([['Tere!\n\tKas haagis on vaba?', false]]);
    expect((await seen('owner', 'renter')).json()).toEqual({ ok: true });
    expect(await chatCount('owner')).toBe(0);

    ctx.clock.advance(60_000);
    // The owner answers naming the pair the other way round: still the same thread.
    expect((await write('owner', ids.owner, { message: 'On küll.', parentThread: pair('renter', 'owner') })).statusCode).toBe(201);
    expect(await chatCount('renter')).toBe(1);
    expect(await chatCount('owner')).toBe(0);
    const renterView = await history('renter', 'owner');
    expect(renterView.messages.map((m) => [m.message, m.isMine])).toEqual([
      ['Tere!\n\tKas haagis on vaba?', true],
      ['On küll.', false],
    ]);
    expect(renterView.threadId).toBe(thread.threadId);
  });

  it('shows the last 6 messages oldest first, and up to 100 for the whole history', async () => {
    for (let i = 1; i <= 8; i++) {
      ctx.clock.advance(1000);
      expect((await write('renter', ids.renter, { message: `Sõnum ${i}`, parentThread: pair('renter', 'owner') })).statusCode).toBe(201);
    }
    const short = await history('owner', 'renter');
    expect(short.total).toBe(10);
    expect(short.messages.map((m) => m.message)).toEqual(['Sõnum 3', 'Sõnum 4', 'Sõnum 5', 'Sõnum 6', 'Sõnum 7', 'Sõnum 8']);
    expect((await history('owner', 'renter', 100)).messages).toHaveLength(10);
  });

  it('names a company by its name and lists the newest conversation first', async () => {
    ctx.clock.advance(60_000);
    expect((await write('business', ids.business, { message: 'Tere omanik', parentThread: pair('business', 'owner') })).statusCode).toBe(
      201,
    );
    const list = await parties('owner');
    const [company] = await ctx.database.db.select().from(users).where(eq(users.id, ids.business));
    expect(list.map((p) => [p.partyId, p.otherPartyName])[0]).toEqual([ids.business, company.name]);
    expect(list.map((p) => p.partyId)).toEqual([ids.business, ids.renter]);
  });

  it('lets limited and not yet identified users write and read their own threads', async () => {
    for (const who of ['limited', 'needsId'] as const) {
      expect((await write(who, ids[who], { message: 'Küsimus', parentThread: pair(who, 'owner') })).statusCode).toBe(201);
      expect((await history(who, 'owner')).messages.map((m) => m.message)).toEqual(['Küsimus']);
      expect((await get(who, `/user-messages/user/${ids[who]}/count-chats`)).statusCode).toBe(200);
    }
  });

  // Issue 25: opening the message list marks the threads read (spec 4 "Polling"), so the badge drops.
  it('marks all the caller’s threads read when the list is opened, and only the caller’s side', async () => {
    ctx.clock.advance(60_000);
    expect((await write('business', ids.business, { message: 'Kas saab?', parentThread: pair('business', 'renter') })).statusCode).toBe(
      201,
    );
    expect((await write('owner', ids.owner, { message: 'Veel üks asi', parentThread: pair('owner', 'renter') })).statusCode).toBe(201);
    expect(await chatCount('renter')).toBe(2);
    const businessBefore = await chatCount('business');
    const res = await ctx.app.inject({ method: 'POST', url: `/user-messages/user/${ids.renter}/mark-read`, headers: await as('renter') });
    expect(res.json()).toEqual({ ok: true });
    expect(await chatCount('renter')).toBe(0);
    expect((await parties('renter')).every((p) => p.seen)).toBe(true);
    // The other parties' own unread state is theirs.
    expect(await chatCount('business')).toBe(businessBefore);
    expect((await parties('owner')).find((p) => p.partyId === ids.renter)?.seen).toBe(true);
    // Nothing to mark: still fine.
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/user-messages/user/${ids.renter}/mark-read`, headers: await as('renter') })).json(),
    ).toEqual({ ok: true });
  });
});

describe('who may read and write a thread', () => {
  it('never shows a third user the pair’s messages, nor lets them write into the thread', async () => {
    const before = await messagingTables();
    const mine = await history('other', 'owner');
    expect(mine).toMatchObject({ threadId: null, messages: [], total: 0 });
    expectError(await write('other', ids.other, { message: 'Sekkun', parentThread: pair('renter', 'owner') }), 403, 'FORBIDDEN');
    expectError(await write('other', ids.renter, { message: 'Sekkun', parentThread: pair('renter', 'owner') }), 403, 'FORBIDDEN');
    expectError(await get('other', `/user-messages/between-users/user/${ids.renter}/party/${ids.owner}`), 403, 'FORBIDDEN');
    expectError(await seen('other', 'renter'), 404, 'NOT_FOUND');
    expect(await messagingTables()).toBe(before);
  });

  it('refuses writing to oneself with the spec text', async () => {
    const before = await messagingTables();
    const body = expectError(
      await write('renter', ids.renter, { message: 'Mina ise', parentThread: pair('renter', 'renter') }),
      400,
      'SELF_MESSAGE',
    );
    expect(body.message).toBe('Endale ei ole mõtet kirja saata.');
    expect(body.message).toBe(texts.errors.messaging.selfMessage);
    expectError(await get('renter', `/user-messages/between-users/user/${ids.renter}/party/${ids.renter}`), 400, 'SELF_MESSAGE');
    expect(await messagingTables()).toBe(before);
  });

  it('answers 404 for a receiver that does not exist', async () => {
    const before = await messagingTables();
    expectError(
      await write('renter', ids.renter, { message: 'Kas keegi on?', parentThread: { senderId: ids.renter, receiverId: 999999 } }),
      404,
      'NOT_FOUND',
    );
    expectError(await get('renter', `/user-messages/between-users/user/${ids.renter}/party/999999`), 404, 'NOT_FOUND');
    expect(await messagingTables()).toBe(before);
  });

  const endpoints = (id: number) => [
    { method: 'GET' as const, url: `/user-messages/user/${id}/user-chats` },
    { method: 'GET' as const, url: `/user-messages/user/${id}/count-chats` },
    { method: 'GET' as const, url: `/user-messages/between-users/user/${id}/party/${ids.owner}` },
    { method: 'PUT' as const, url: `/user-messages/user/${id}/party/${ids.owner}/seen` },
    { method: 'POST' as const, url: `/user-messages/user/${id}/mark-read` },
    {
      method: 'POST' as const,
      url: `/user-messages/user/${id}/write`,
      payload: { message: 'Tere', parentThread: { senderId: id, receiverId: ids.owner } },
    },
    { method: 'GET' as const, url: `/user-notifications/user/${id}` },
    { method: 'GET' as const, url: `/user-notifications/user/${id}/count` },
    { method: 'POST' as const, url: `/user-notifications/user/${id}/mark-read` },
  ];

  it.each([
    ['anonymous', undefined, 401, 'UNAUTHORIZED'],
    ['the owner', 'owner', 403, 'FORBIDDEN'],
    ['another user', 'other', 403, 'FORBIDDEN'],
    ['a limited user', 'limited', 403, 'FORBIDDEN'],
    ['a user who needs ID', 'needsId', 403, 'FORBIDDEN'],
  ] as const)('refuses %s on the renter’s paths, changing nothing', async (_label, who, status, code) => {
    const before = await messagingTables();
    for (const e of endpoints(ids.renter)) {
      expectError(await ctx.app.inject({ ...e, headers: await as(who) }), status, code);
    }
    expect(await messagingTables()).toBe(before);
  });

  it('refuses a state change from another site (CSRF)', async () => {
    const before = await messagingTables();
    const headers = { ...(await as('renter')), origin: 'https://evil.example' };
    expectError(await ctx.app.inject({ method: 'POST', url: `/user-notifications/user/${ids.renter}/mark-read`, headers }), 403, 'CSRF');
    expectError(await ctx.app.inject({ method: 'POST', url: `/user-messages/user/${ids.renter}/mark-read`, headers }), 403, 'CSRF');
    expectError(
      await ctx.app.inject({
        method: 'POST',
        url: `/user-messages/user/${ids.renter}/write`,
        headers,
        payload: { message: 'x', parentThread: pair('renter', 'owner') },
      }),
      403,
      'CSRF',
    );
    expect(await messagingTables()).toBe(before);
  });
});

describe('bad input', () => {
  const good = () => ({ message: 'Tere', parentThread: pair('renter', 'owner') });

  it.each([
    ['an empty message', { message: '' }],
    ['a blank message', { message: ' \n\t ' }],
    ['a message over the limit', { message: 'x'.repeat(MESSAGE_MAX + 1) }],
    ['a NUL character', { message: 'Tere\u0000' }],
    ['a bell character', { message: 'Tere\u0007' }],
    ['an escape character', { message: '\u001b[31mTere' }],
    ['a number as message', { message: 5 }],
    ['no message', { message: undefined }],
    ['no thread', { parentThread: undefined }],
    ['a thread with a text id', { parentThread: { senderId: 'x', receiverId: 1 } }],
    ['a thread without a receiver', { parentThread: { senderId: 1 } }],
  ])('refuses %s with 400 and changes nothing', async (_label, patch) => {
    const before = await messagingTables();
    expectError(await write('renter', ids.renter, { ...good(), ...patch }), 400, 'VALIDATION_ERROR');
    expect(await messagingTables()).toBe(before);
  });

  it('accepts a message of exactly the limit', async () => {
    expect((await write('renter', ids.renter, { ...good(), message: 'x'.repeat(MESSAGE_MAX) })).statusCode).toBe(201);
  });

  it('refuses malformed JSON, bad ids and bad limits with 400', async () => {
    const before = await messagingTables();
    const headers = { ...(await as('renter')), 'content-type': 'application/json' };
    expectError(
      await ctx.app.inject({ method: 'POST', url: `/user-messages/user/${ids.renter}/write`, headers, payload: '{"message":' }),
      400,
      'MALFORMED_JSON',
    );
    for (const url of [
      '/user-messages/user/abc/user-chats',
      '/user-messages/user/0/count-chats',
      '/user-messages/user/-1/user-chats',
      '/user-messages/user/99999999999/user-chats',
      `/user-messages/between-users/user/${ids.renter}/party/x`,
      `/user-messages/between-users/user/${ids.renter}/party/${ids.owner}?limit=0`,
      `/user-messages/between-users/user/${ids.renter}/party/${ids.owner}?limit=101`,
      `/user-messages/between-users/user/${ids.renter}/party/${ids.owner}?limit=abc`,
      '/user-notifications/user/1.5',
      '/user-notifications/user/x/count',
    ]) {
      expectError(await ctx.app.inject({ url, headers }), 400, 'VALIDATION_ERROR');
    }
    expectError(await ctx.app.inject({ method: 'POST', url: '/user-notifications/user/x/mark-read', headers }), 400, 'VALIDATION_ERROR');
    expectError(await ctx.app.inject({ method: 'POST', url: '/user-messages/user/0/mark-read', headers }), 400, 'VALIDATION_ERROR');
    expectError(
      await ctx.app.inject({ method: 'PUT', url: `/user-messages/user/${ids.renter}/party/0/seen`, headers }),
      400,
      'VALIDATION_ERROR',
    );
    expect(await messagingTables()).toBe(before);
  });
});

describe('notifications', () => {
  const list = async (who: Who) => UserNotificationList.parse((await get(who, `/user-notifications/user/${ids[who]}`)).json());
  const unread = async (who: Who) => (await get(who, `/user-notifications/user/${ids[who]}/count`)).json() as number;

  it('lists the newest 100 first, counts the unread and marks them read', async () => {
    await ctx.database.db.delete(notifications).where(eq(notifications.userId, ids.other));
    const base = Date.parse('2025-06-01T00:00:00Z');
    await ctx.database.db.insert(notifications).values(
      Array.from({ length: 105 }, (_, i) => ({
        userId: ids.other,
        type: 'NEW_COMMENT_ON_PRODUCT' as const,
        message: `Teade ${i}`,
        createdTs: new Date(base + i * 60_000),
      })),
    );
    const shown = await list('other');
    expect(shown).toHaveLength(100);
    expect(shown[0]).toMatchObject({ message: 'Teade 104', read: false, type: 'NEW_COMMENT_ON_PRODUCT' });
    expect(await unread('other')).toBe(105);
    const renterBefore = await unread('renter');

    const res = await ctx.app.inject({
      method: 'POST',
      url: `/user-notifications/user/${ids.other}/mark-read`,
      headers: await as('other'),
    });
    expect(res.json()).toEqual({ ok: true });
    expect(await unread('other')).toBe(0);
    expect((await list('other')).every((n) => n.read)).toBe(true);
    // Another user's notifications are untouched.
    expect(await unread('renter')).toBe(renterBefore);
  });

  it('welcomes a newly registered user, with a mail copy', async () => {
    const email = 'tervitus@rendime.ee';
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/users/register',
      payload: {
        username: email,
        password: 'Salas6na',
        type: 'B2C',
        countryCode: 'EE',
        birthday: new Date().toISOString(),
        contactInfos: [{ type: 'EMAIL', value: email, prime: false }],
      },
    });
    expect(res.statusCode).toBeLessThan(300);
    const [u] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.username, email));
    const rows = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, u.id));
    expect(rows.map((n) => [n.type, n.message])).toEqual([['CUSTOMER_REGISTRATION', texts.notifications.welcome]]);
    const mails = await queryRows<{ to_address: string; body: string }>(
      ctx.database.db,
      sql`select to_address, body from mail_outbox where to_address = ${email}`,
    );
    expect(mails.some((m) => m.body.includes(texts.notifications.welcome))).toBe(true);
  });

  it('tells the owner about feedback on their product', async () => {
    const [p] = await ctx.database.db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(eq(products.userId, ids.owner))
      .limit(1);
    const start = new Date('2025-04-01T08:00:00Z');
    const end = new Date('2025-04-03T08:00:00Z');
    const [r] = await ctx.database.db
      .insert(reservations)
      .values({
        hash: `h-msg-${Date.now()}`,
        productId: p.id,
        userId: ids.limited,
        productOwnerId: ids.owner,
        status: 'FINISHED',
        startTs: start,
        endTs: end,
      })
      .returning();
    await ctx.database.db.insert(contracts).values({
      reservationId: r.id,
      productId: p.id,
      renterId: ids.limited,
      ownerId: ids.owner,
      status: 'FINISHED',
      startTs: start,
      endTs: end,
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/feedback/',
      headers: await as('limited'),
      payload: { userId: ids.limited, productId: p.id, rating: 4.5, comment: 'Hea' },
    });
    expect(res.statusCode).toBe(201);
    const owner = await list('owner');
    expect(owner.find((n) => n.type === 'FEEDBACK')).toMatchObject({
      message: `Tootele ${p.name} anti tagasiside: hinnang 4.5/5.`,
      read: false,
    });
  });
});
