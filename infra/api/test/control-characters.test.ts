import type { InjectOptions } from 'fastify';
import { findControlCharacter } from '../src/plugins/security';
import { expectApiError, tableDigest } from '../src/testing/assertions';
import { cookieHeader, createTestApp, sessionCookieOf, type TestContext } from '../src/testing/test-app';

// Issue 15: a NUL in a string answered 500 on these nine routes (PostgreSQL refuses NUL in text).
// Every one must now refuse it, and the other C0 controls, with 400 VALIDATION_ERROR and change nothing.

let ctx: TestContext;
let auth: Record<string, string>;
let userId: number;

beforeAll(async () => {
  ctx = await createTestApp({ demo: true });
  const reg = await ctx.app.inject({
    method: 'POST',
    url: '/users/register',
    payload: { username: 'nul@example.ee', password: 'Nulltest123', type: 'B2C' },
  });
  auth = cookieHeader(sessionCookieOf(reg));
  userId = (reg.json() as { id: number }).id;
});
afterAll(async () => {
  await ctx.close();
});

const TABLES = ['users', 'contact_infos', 'sessions', 'password_reset_tokens', 'mail_outbox', 'comments', 'contact_messages'];

const routes = (bad: string): (InjectOptions & { name: string })[] => [
  { name: 'login', method: 'POST', url: '/login', payload: { username: `nul${bad}@example.ee`, password: 'Nulltest123' } },
  {
    name: 'registration contacts',
    method: 'POST',
    url: '/users/register',
    payload: {
      username: 'other@example.ee',
      password: 'Other1234',
      type: 'B2C',
      contactInfos: [{ type: 'PHONE', value: `5555${bad}5555`, prime: false }],
    },
  },
  { name: 'comments', method: 'POST', url: '/comments', payload: { comment: `Tere${bad}`, productId: 186 }, headers: auth },
  {
    name: 'contact info',
    method: 'POST',
    url: `/contact-info/user/${userId}`,
    payload: { type: 'EMAIL', value: `a${bad}@example.ee`, prime: false },
    headers: auth,
  },
  {
    name: 'contact form',
    method: 'POST',
    url: '/feedback/contactus',
    payload: { email: 'x@example.ee', content: `Tere${bad}`, name: 'Mari' },
  },
  { name: 'search name', method: 'GET', url: `/products/search?name=${encodeURIComponent(`auto${bad}`)}` },
  { name: 'markers name', method: 'GET', url: `/products/markers?name=${encodeURIComponent(`auto${bad}`)}` },
  { name: 'identity poll token', method: 'GET', url: `/auth/smartid/poll?token=${encodeURIComponent(`abc${bad}def`)}` },
  { name: 'path parameter', method: 'GET', url: `/forgot-pw/abc${encodeURIComponent(bad)}def` },
];

describe.each([
  ['NUL', '\u0000'],
  ['escape', '\u001b'],
  ['bell', '\u0007'],
  ['DEL', '\u007f'],
])('a %s character', (_label, bad) => {
  it.each(routes(bad).map((r) => [r.name, r] as const))('%s answers 400 VALIDATION_ERROR and changes nothing', async (_name, request) => {
    const before = await tableDigest(ctx.database.db, TABLES);
    const body = expectApiError(await ctx.app.inject(request), 400, 'VALIDATION_ERROR');
    expect(body.message).toMatch(/Lubamatud juhtmärgid/);
    expect(await tableDigest(ctx.database.db, TABLES)).toBe(before);
  });
});

it('keeps newlines and tabs in text bodies (a comment may have paragraphs)', async () => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/comments',
    payload: { comment: 'Esimene rida\n\tteine rida\r\n', productId: 186 },
    headers: auth,
  });
  expect(res.statusCode).toBe(201);
});

it('refuses a raw %00 in the query string', async () => {
  expectApiError(await ctx.app.inject({ method: 'GET', url: '/products/search?name=a%00b' }), 400, 'VALIDATION_ERROR');
});

describe('findControlCharacter', () => {
  it('names the path of the first bad string, keys included, and skips binary data', () => {
    expect(findControlCharacter({ a: [{ b: 'ok' }, { c: 'x\u0000' }] }, /\u0000/, 'body')).toBe('body.a.1.c');
    expect(findControlCharacter({ ['k\u0000']: 1 }, /\u0000/, 'body')).toBe('body.k\u0000');
    expect(findControlCharacter({ file: Buffer.from([0, 1, 2]) }, /\u0000/)).toBeNull();
  });
});
