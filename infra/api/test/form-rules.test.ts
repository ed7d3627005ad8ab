import { EMAIL_RULE_EXAMPLES, PASSWORD_RULE_EXAMPLES } from 'shared-kernel/testing/rule-examples';
import { cookieHeader, createTestApp, sessionCookieOf, type TestContext } from '../src/testing/test-app';

// The same table the kernel's form schemas are tested with (shared-kernel/src/schemas/rules.test.ts):
// every address and password the forms accept, the routes accept, and every one they refuse, the routes refuse.

let ctx: TestContext;
let n = 0;
const fresh = () => `reegel${++n}@example.ee`;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const register = (username: string, password = 'Salasona1') =>
  ctx.app.inject({
    method: 'POST',
    url: '/users/register',
    payload: { username, password, type: 'B2C', contactInfos: [{ type: 'EMAIL', value: username.trim(), prime: false }] },
  });

const emails = EMAIL_RULE_EXAMPLES.map((e) => [e.value, e.valid, e.why] as const);
const passwords = PASSWORD_RULE_EXAMPLES.map((e) => [e.value, e.valid, e.why] as const);

describe('the e-mail rule on the server', () => {
  it.each(emails)('register: %j valid=%s (%s)', async (value, valid) => {
    const res = await register(value);
    if (valid) expect([200, 409]).toContain(res.statusCode);
    // Over 254 characters the request schema refuses it before the route looks.
    else expect(['INVALID_USERNAME', 'VALIDATION_ERROR']).toContain(res.json().code);
  });

  it.each(emails)('contact form: %j valid=%s (%s)', async (value, valid) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/feedback/contactus', payload: { email: value, content: 'Tere!' } });
    if (valid) expect(res.statusCode).toBe(200);
    else expect(res.json()).toMatchObject({ statusCode: 400, code: 'INVALID_EMAIL' });
  });

  it.each(emails)('forgot password: %j valid=%s (%s)', async (value, valid) => {
    const res = await ctx.app.inject({ method: 'PUT', url: '/forgot-pw', payload: { email: value } });
    // The register cases above created some of these accounts; an unknown one is EMAIL_NOT_FOUND, not a format error.
    if (valid) expect([200, 404]).toContain(res.statusCode);
    else expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
  });

  it.each(emails)('contact info: %j valid=%s (%s)', async (value, valid) => {
    const owner = fresh();
    const reg = await register(owner);
    const userId = (reg.json() as { id: number }).id;
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/contact-info/user/${userId}`,
      headers: cookieHeader(sessionCookieOf(reg)),
      payload: { type: 'EMAIL', value, prime: false },
    });
    if (valid) expect([200, 409]).toContain(res.statusCode);
    else expect(res.json()).toMatchObject({ statusCode: 400, code: 'INVALID_EMAIL' });
  });
});

describe('the password rule on the server', () => {
  it.each(passwords)('register: %j valid=%s (%s)', async (value, valid) => {
    const res = await register(fresh(), value);
    if (valid) expect(res.statusCode).toBe(200);
    else expect(res.json()).toMatchObject({ statusCode: 400, code: 'INVALID_PASSWORD' });
  });

  it.each(passwords)('reset: %j valid=%s (%s)', async (value, valid) => {
    const email = fresh();
    await register(email);
    await ctx.app.inject({ method: 'PUT', url: '/forgot-pw', payload: { email } });
    const mails = (await ctx.app.inject({ url: '/sandbox/outbox.json' })).json() as { to: string; body: string }[];
    const key = mails.find((m) => m.to === email)?.body.match(/change-password\?key=([A-Za-z0-9_-]+)/)?.[1];
    expect(key).toBeDefined();
    const res = await ctx.app.inject({ method: 'POST', url: '/forgot-pw', payload: { hash: key, newPassword: value } });
    if (valid) expect(res.statusCode).toBe(200);
    else expect(res.json()).toMatchObject({ statusCode: 400, code: 'INVALID_PASSWORD' });
  });
});
