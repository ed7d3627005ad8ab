import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { ApiErrorBody } from 'shared-kernel/schemas';
import { queryRows } from '../src/db/database';
import { cookieHeader, createTestApp, sessionCookieOf, signedInUser, type TestContext } from '../src/testing/test-app';

// Walks every endpoint of this issue with broken input: each answer must be a 4xx with an error
// code in the common shape, never a 500, and the database must be exactly as before.

let ctx: TestContext;
let token: string | undefined;

beforeAll(async () => {
  ctx = await createTestApp();
  const reg = await ctx.app.inject({
    method: 'POST',
    url: '/users/register',
    payload: { username: 'walker@example.ee', password: 'Walker123', type: 'B2C' },
  });
  token = sessionCookieOf(reg);
});
afterAll(async () => {
  await ctx.close();
});

const TABLES = ['users', 'contact_infos', 'sessions', 'password_reset_tokens', 'mail_outbox', 'products', 'categories', 'app_meta'];

async function snapshot(): Promise<string> {
  const parts: string[] = [];
  for (const table of TABLES) {
    const [row] = await queryRows<{ h: string; n: number }>(
      ctx.database.db,
      sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h, count(*)::int as n from ${table} t`),
    );
    parts.push(`${table}:${row.n}:${row.h}`);
  }
  return parts.join('\n');
}

interface BodyEndpoint {
  method: 'POST' | 'PUT';
  url: string;
  valid: Record<string, unknown>;
  wrongTypes: Record<string, unknown>[];
}

const bodyEndpoints: BodyEndpoint[] = [
  {
    method: 'POST',
    url: '/login',
    valid: { username: 'walker@example.ee', password: 'Walker123' },
    wrongTypes: [
      { username: 123, password: 'Walker123' },
      { username: 'walker@example.ee', password: ['Walker123'] },
      { username: null, password: null },
    ],
  },
  {
    method: 'POST',
    url: '/users/register',
    valid: { username: 'new@example.ee', password: 'Newuser123', type: 'B2C' },
    wrongTypes: [
      { username: 'new@example.ee', password: 'Newuser123', type: 'PERSON' },
      { username: 'new@example.ee', password: 12345678, type: 'B2C' },
      { username: 'new@example.ee', password: 'Newuser123', type: 'B2C', allowVat: 'yes' },
      { username: 'new@example.ee', password: 'Newuser123', type: 'B2C', contactInfos: [{ type: 'FAX', value: '1' }] },
      { username: 'new@example.ee', password: 'Newuser123', type: 'B2C', contactInfos: 'x' },
    ],
  },
  {
    method: 'POST',
    url: '/users/business/validate',
    valid: { name: 'Firma OÜ', registryCode: '12345678', personName: 'Peeter', personalCode: '38507140211' },
    wrongTypes: [
      { name: 'Firma OÜ', registryCode: 12345678, personName: 'Peeter', personalCode: '38507140211' },
      { name: {}, registryCode: '1', personName: 'P', personalCode: '1' },
    ],
  },
  {
    method: 'PUT',
    url: '/forgot-pw',
    valid: { email: 'walker@example.ee' },
    wrongTypes: [{ email: 42 }, { email: 'not an email' }, { email: ['walker@example.ee'] }],
  },
  {
    method: 'POST',
    url: '/forgot-pw',
    valid: { hash: 'abc', newPassword: 'Newpass123' },
    wrongTypes: [
      { hash: 1, newPassword: 'Newpass123' },
      { hash: 'abc', newPassword: false },
      { hash: '', newPassword: 'Newpass123' },
    ],
  },
];

function expectRefused(res: { statusCode: number; body: string }, expectedCode?: string): void {
  expect(res.statusCode).toBeGreaterThanOrEqual(400);
  expect(res.statusCode).toBeLessThan(500);
  const body = ApiErrorBody.parse(JSON.parse(res.body));
  expect(body.statusCode).toBe(res.statusCode);
  expect(body.codes[0]).toBe(body.code);
  if (expectedCode) expect(body.code).toBe(expectedCode);
}

const big = (n: number) => JSON.stringify({ username: 'x'.repeat(n), password: 'y' });

describe.each(bodyEndpoints)('$method $url', (endpoint) => {
  const send = (
    payload: string | Record<string, unknown> | unknown[],
    contentType = 'application/json',
    extra: Partial<InjectOptions> = {},
  ) =>
    ctx.app.inject({
      method: endpoint.method,
      url: endpoint.url,
      headers: { 'content-type': contentType, ...cookieHeader(token) },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      ...extra,
    });

  it('refuses malformed JSON, wrong types, missing fields and oversized bodies, changing nothing', async () => {
    const before = await snapshot();
    expectRefused(await send('{"username": "a",'), 'MALFORMED_JSON');
    expectRefused(await send("{'single': 'quotes'}"), 'MALFORMED_JSON');
    expectRefused(await send('{"a":1}}'), 'MALFORMED_JSON');
    for (const wrong of endpoint.wrongTypes) expectRefused(await send(wrong), 'VALIDATION_ERROR');
    expectRefused(await send({}), 'VALIDATION_ERROR');
    expectRefused(await send(''), 'VALIDATION_ERROR');
    expectRefused(await send('null'), 'VALIDATION_ERROR');
    expectRefused(await send([endpoint.valid]), 'VALIDATION_ERROR');
    expectRefused(await send('"just a string"'), 'VALIDATION_ERROR');
    for (const key of Object.keys(endpoint.valid)) {
      const missing = { ...endpoint.valid };
      delete missing[key];
      expectRefused(await send(missing), 'VALIDATION_ERROR');
    }
    expectRefused(await send(big(1024 * 1024 + 10)), 'PAYLOAD_TOO_LARGE');
    expectRefused(await send('username=a&password=b', 'application/x-www-form-urlencoded'));
    expectRefused(await send('hello', 'text/plain'), 'VALIDATION_ERROR');
    expectRefused(await send('{"__proto__": {"admin": true}}'), 'VALIDATION_ERROR');
    expect(await snapshot()).toBe(before);
  });
});

describe('POST /users/logout', () => {
  it('refuses malformed and oversized bodies and keeps the session', async () => {
    const before = await snapshot();
    const post = (payload: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/users/logout',
        headers: { 'content-type': 'application/json', ...cookieHeader(token) },
        payload,
      });
    expectRefused(await post('{"x":'), 'MALFORMED_JSON');
    expectRefused(await post(big(1024 * 1024 + 10)), 'PAYLOAD_TOO_LARGE');
    expect(await snapshot()).toBe(before);
    expect(await signedInUser(ctx.app, token)).not.toBeNull();
  });
});

describe('GET endpoints with wrong parameters', () => {
  it.each([
    ['/products?page=-1', 'VALIDATION_ERROR'],
    ['/products?perPage=0', 'VALIDATION_ERROR'],
    ['/products?perPage=abc', 'VALIDATION_ERROR'],
    ['/products?perPage=100000', 'VALIDATION_ERROR'],
    ['/products?page=1.5', 'VALIDATION_ERROR'],
    ['/products/abc', 'VALIDATION_ERROR'],
    ['/products/-1', 'VALIDATION_ERROR'],
    ['/products/0', 'VALIDATION_ERROR'],
    ['/products/1.5', 'VALIDATION_ERROR'],
    ['/products/99999999999999999999', 'VALIDATION_ERROR'],
    ['/products/2147483647', 'NOT_FOUND'],
    ['/products/abc/details', 'VALIDATION_ERROR'],
    ['/products/99999/details', 'NOT_FOUND'],
    ['/products/customer-products/abc', 'VALIDATION_ERROR'],
    ['/products/customer-products/12?perPage=-5', 'VALIDATION_ERROR'],
    ['/products/customer-products/99999', 'NOT_FOUND'],
    [`/forgot-pw/${'x'.repeat(201)}`, 'VALIDATION_ERROR'],
    [`/forgot-pw/${'x'.repeat(600)}`, 'URI_TOO_LONG'],
    ['/products/%E0%A4%A', 'VALIDATION_ERROR'],
    ['/files/..%2F..%2Fetc%2Fpasswd', 'VALIDATION_ERROR'],
    ['/files/missing.jpg', 'NOT_FOUND'],
    ['/files/script.exe', 'NOT_FOUND'],
    ['/no-such-route', 'NOT_FOUND'],
  ])('GET %s -> %s', async (url, code) => {
    const before = await snapshot();
    expectRefused(await ctx.app.inject({ url }), code);
    expect(await snapshot()).toBe(before);
  });

  it('GET /users/session with a forged cookie answers nobody signed in', async () => {
    expect(await signedInUser(ctx.app, 'forged-token-value-1234567890')).toBeNull();
    expect(await signedInUser(ctx.app, '<script>')).toBeNull();
  });

  it('GET endpoints ignore a junk body and junk query keys', async () => {
    for (const url of ['/category?x=1', '/health?y=2', '/products?unknown=1']) {
      const res = await ctx.app.inject({ url, headers: { 'content-type': 'application/json' }, payload: '{"broken":' });
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});
