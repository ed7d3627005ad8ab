import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { messages as messageRows, products } from '../src/db/schema';
import { expectApiError } from '../src/testing/assertions';
import { createTestApp, demoUserIds, sessionHeaders, type TestContext } from '../src/testing/test-app';
import { testFilesDir } from '../src/testing/test-database';

// Issue 29: writing messages, questions and feedback is limited per account and per address, in
// the database, so every replica counts against the same number. The clock is 2 June 2025.

let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoUserIds>>;

type Who = 'renter' | 'privateOwner' | 'businessOwner' | 'secondOwner' | 'limited' | 'needsId';

const from = (address: string) => ({ 'x-forwarded-for': address });

async function write(app: FastifyInstance, who: Who | undefined, to: Who, address: string, message = 'Tere!') {
  const me = who ? ids[who] : ids.renter;
  const headers = { ...(who ? await sessionHeaders(ctx, ids[who]) : {}), ...from(address) };
  return app.inject({
    method: 'POST',
    url: `/user-messages/user/${me}/write`,
    headers,
    payload: { message, parentThread: { senderId: me, receiverId: ids[to] } },
  });
}

const written = async (who: Who) =>
  (await ctx.database.db.select({ id: messageRows.id }).from(messageRows).where(eq(messageRows.userId, ids[who]))).length;

beforeEach(async () => {
  ctx = await createTestApp({ demo: true, app: { config: { rateLimits: true } } });
  ids = await demoUserIds(ctx);
});
afterEach(async () => {
  await ctx.close();
});

describe('writing messages', () => {
  it('the 31st message in a minute from one account gets 429 with the Estonian text; nothing is stored; a minute later it writes again', async () => {
    for (let i = 0; i < 30; i++) expect((await write(ctx.app, 'renter', 'privateOwner', '203.0.113.1', `Sõnum ${i}`)).statusCode).toBe(201);
    const refused = await write(ctx.app, 'renter', 'privateOwner', '203.0.113.1', 'Üks veel');
    expect(expectApiError(refused, 429, 'RATE_LIMITED').message).toBe('Liiga palju sõnumeid. Proovi minuti pärast uuesti.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // From another address the account is still over its count.
    expectApiError(await write(ctx.app, 'renter', 'businessOwner', '198.51.100.1'), 429, 'RATE_LIMITED');
    expect(await written('renter')).toBe(30);
    // Someone else is not affected.
    expect((await write(ctx.app, 'privateOwner', 'renter', '198.51.100.2')).statusCode).toBe(201);
    ctx.clock.advance(61_000);
    expect((await write(ctx.app, 'renter', 'privateOwner', '203.0.113.1')).statusCode).toBe(201);
  });

  it('two replicas on one database share the count', async () => {
    const second = await buildApp({
      database: ctx.database,
      clock: ctx.clock,
      config: { filesDir: testFilesDir(), sandboxServices: true, cookieSecure: false, rateLimits: true },
    });
    try {
      for (let i = 0; i < 30; i++)
        expect((await write(i % 2 === 0 ? ctx.app : second, 'renter', 'privateOwner', '203.0.113.1')).statusCode).toBe(201);
      expectApiError(await write(second, 'renter', 'privateOwner', '203.0.113.1'), 429, 'RATE_LIMITED');
      expectApiError(await write(ctx.app, 'renter', 'privateOwner', '203.0.113.1'), 429, 'RATE_LIMITED');
    } finally {
      await second.close();
    }
  });

  it('counts per address across accounts: the 61st in a minute from one address is refused, another address writes', async () => {
    const codes: number[] = [];
    for (const who of ['renter', 'businessOwner', 'secondOwner'] as const)
      for (let i = 0; i < 20; i++) codes.push((await write(ctx.app, who, 'privateOwner', '203.0.113.9')).statusCode);
    expect(codes.every((c) => c === 201)).toBe(true);
    expectApiError(await write(ctx.app, 'limited', 'privateOwner', '203.0.113.9'), 429, 'RATE_LIMITED');
    expect((await write(ctx.app, 'limited', 'privateOwner', '203.0.113.10')).statusCode).toBe(201);
  });

  it('the same limit for every kind of account; anonymous callers stay 401; refused bodies use up nothing', async () => {
    for (const who of ['renter', 'businessOwner', 'secondOwner', 'limited', 'needsId'] as const) {
      const to = who === 'renter' ? 'businessOwner' : 'renter';
      // Bad input is refused before it is counted.
      for (let i = 0; i < 5; i++) expectApiError(await write(ctx.app, who, to, `10.0.1.${i}`, '   '), 400, 'VALIDATION_ERROR');
      const codes: number[] = [];
      for (let i = 0; i < 31; i++) codes.push((await write(ctx.app, who, to, `10.0.0.${i}`)).statusCode);
      expect(codes).toEqual([...Array(30).fill(201), 429]);
    }
    const anonymous: number[] = [];
    for (let i = 0; i < 31; i++) anonymous.push((await write(ctx.app, undefined, 'privateOwner', '203.0.113.50')).statusCode);
    expect(anonymous.every((c) => c === 401)).toBe(true);
  }, 120_000);
});

describe('questions and feedback', () => {
  it('the 11th question or answer in 10 minutes from one account gets 429 (Liiga palju sisestusi)', async () => {
    const others = await ctx.database.db
      .select({ id: products.id })
      .from(products)
      .where(and(ne(products.userId, ids.renter), eq(products.deleted, false)))
      .orderBy(products.id)
      .limit(11);
    const headers = { ...(await sessionHeaders(ctx, ids.renter)), ...from('203.0.113.30') };
    const codes: number[] = [];
    // One question per product: the spec's own limit of 2 open questions per product is not what is tested here.
    for (const p of others.slice(0, 10))
      codes.push(
        (await ctx.app.inject({ method: 'POST', url: '/comments', headers, payload: { comment: 'Kas on vaba?', productId: p.id } }))
          .statusCode,
      );
    expect(codes).toEqual(Array(10).fill(201));
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/comments',
      headers,
      payload: { comment: 'Veel üks', productId: others[10].id },
    });
    expect(expectApiError(refused, 429, 'RATE_LIMITED').message).toBe('Liiga palju sisestusi. Proovi mõne minuti pärast uuesti.');
  });

  it('reviews and complaints share one count per account: the 11th in 10 minutes gets 429', async () => {
    const [product] = await ctx.database.db.select({ id: products.id }).from(products).where(ne(products.userId, ids.renter)).limit(1);
    const headers = { ...(await sessionHeaders(ctx, ids.renter)), ...from('203.0.113.31') };
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) {
      const url = i % 2 === 0 ? '/feedback' : '/feedback/problem';
      const payload =
        i % 2 === 0
          ? { userId: ids.renter, productId: product.id, rating: 4, comment: 'Hea' }
          : { userId: ids.renter, productId: product.id, comment: 'Katki' };
      codes.push((await ctx.app.inject({ method: 'POST', url, headers, payload })).statusCode);
    }
    // Whatever the rights decided (a review needs a finished rental), every attempt counted.
    expect(codes.every((c) => c < 429)).toBe(true);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/feedback',
      headers,
      payload: { userId: ids.renter, productId: product.id, rating: 5 },
    });
    expect(expectApiError(refused, 429, 'RATE_LIMITED').message).toBe('Liiga palju sisestusi. Proovi mõne minuti pärast uuesti.');
  });
});
