import { eq } from 'drizzle-orm';
import { ApiErrorBody, SessionUser } from 'shared-kernel/schemas';
import { users } from '../src/db/schema';
import { makeSandboxGoogleCredential } from '../src/services/google';
import { cookieHeader, createTestApp, sessionCookieOf, signedInUser, type TestContext } from '../src/testing/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const register = (body: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url: '/users/register', payload: body });
const login = (username: string, password: string) => ctx.app.inject({ method: 'POST', url: '/login', payload: { username, password } });
const privateUser = (email: string, password = 'Salas6na') => ({
  username: email,
  password,
  type: 'B2C',
  countryCode: 'EE',
  birthday: new Date().toISOString(),
  contactInfos: [{ type: 'EMAIL', value: email, prime: false }],
});
const business = (email: string, overrides: Record<string, unknown> = {}) => ({
  username: email,
  password: 'Firma1234x',
  type: 'B2B',
  name: 'Testfirma OÜ',
  registryCode: '12345678',
  representativeName: 'Peeter Põder',
  identityCode: '38507140211',
  allowVat: true,
  contactInfos: [{ type: 'EMAIL', value: email, prime: false }],
  ...overrides,
});
const errorOf = (body: string) => ApiErrorBody.parse(JSON.parse(body));

describe('register, sign in, session, sign out', () => {
  it('walks the whole cycle and the session is gone afterwards', async () => {
    const reg = await register(privateUser('mari@example.ee'));
    expect(reg.statusCode).toBe(200);
    const registered = SessionUser.parse(reg.json());
    expect(registered).toMatchObject({
      name: 'Uus',
      lastName: 'Kasutaja',
      type: 'B2C',
      roles: ['ROLE_USER_B2C_NEED_ID'],
      accountBalance: 0,
    });
    expect(registered.contactInfos).toEqual([expect.objectContaining({ type: 'EMAIL', value: 'mari@example.ee' })]);

    const signIn = await login('mari@example.ee', 'Salas6na');
    expect(signIn.statusCode).toBe(200);
    const cookie = signIn.cookies.find((c) => c.name === 'rendime_sid');
    expect(cookie).toBeDefined();
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
    const token = cookie?.value;

    const session = await ctx.app.inject({ url: '/users/session', headers: cookieHeader(token) });
    expect(session.statusCode).toBe(200);
    expect(SessionUser.parse(session.json()).username).toBe('mari@example.ee');

    const out = await ctx.app.inject({ method: 'POST', url: '/users/logout', headers: cookieHeader(token) });
    expect(out.statusCode).toBe(200);
    expect(out.headers['set-cookie']).toEqual(expect.stringContaining('rendime_sid=;'));

    // The old token no longer works even if a client kept it.
    expect(await signedInUser(ctx.app, token)).toBeNull();
  });

  it('answers an anonymous visitor 200 with no user, so the browser logs no failed request', async () => {
    const res = await ctx.app.inject({ url: '/users/session' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBeNull();
  });

  it('signs the user in on registration', async () => {
    const reg = await register(privateUser('auto@example.ee'));
    const token = sessionCookieOf(reg);
    const session = await ctx.app.inject({ url: '/users/session', headers: cookieHeader(token) });
    expect(session.json().username).toBe('auto@example.ee');
  });

  it('logout with an empty JSON body and no session still answers 200', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/users/logout',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses unknown users and wrong passwords alike', async () => {
    expect(errorOf((await login('nobody@example.ee', 'Whatever1')).body).code).toBe('BAD_CREDENTIALS');
    expect(errorOf((await login('mari@example.ee', 'Wrong1234')).body).code).toBe('BAD_CREDENTIALS');
  });

  it('sessions expire after 24 h of inactivity, sliding with use', async () => {
    await register(privateUser('idle@example.ee'));
    const token = sessionCookieOf(await login('idle@example.ee', 'Salas6na'));
    const hours = (h: number) => h * 3600 * 1000;
    ctx.clock.advance(hours(23));
    expect(await signedInUser(ctx.app, token)).toMatchObject({ username: 'idle@example.ee' });
    ctx.clock.advance(hours(23));
    expect(await signedInUser(ctx.app, token)).toMatchObject({ username: 'idle@example.ee' });
    ctx.clock.advance(hours(24) + 1000);
    expect(await signedInUser(ctx.app, token)).toBeNull();
  });
});

describe('registration rules', () => {
  it('INVALID_PASSWORD without upper case, lower case and a digit or under 8 characters', async () => {
    for (const password of ['short1A', 'alllower1', 'ALLUPPER1', 'NoDigitsHere']) {
      const res = await register(privateUser(`pw-${password}@example.ee`, password));
      expect(res.statusCode).toBe(400);
      expect(errorOf(res.body).code).toBe('INVALID_PASSWORD');
    }
  });

  it('USER_EXIST for a taken username (any case), EMAIL_ALREADY_IN_USE for a taken contact e-mail', async () => {
    await register(privateUser('taken@example.ee'));
    const again = await register(privateUser('TAKEN@example.ee'));
    expect(again.statusCode).toBe(409);
    expect(errorOf(again.body).code).toBe('USER_EXIST');

    const otherName = await register({
      ...privateUser('fresh@example.ee'),
      contactInfos: [{ type: 'EMAIL', value: 'taken@example.ee', prime: false }],
    });
    expect(otherName.statusCode).toBe(409);
    expect(errorOf(otherName.body).code).toBe('EMAIL_ALREADY_IN_USE');
  });

  it('INVALID_USERNAME for a too short or non-e-mail username', async () => {
    expect(errorOf((await register(privateUser('ab'))).body).code).toBe('INVALID_USERNAME');
    expect(errorOf((await register(privateUser('not-an-email'))).body).code).toBe('INVALID_USERNAME');
  });
});

describe('business', () => {
  it('validate answers valid for a well-formed company and representative', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/users/business/validate',
      payload: { name: 'Testfirma OÜ', registryCode: '12345678', personName: 'Peeter Põder', personalCode: '38507140211' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ valid: true, message: expect.any(String) });
  });

  it.each([
    ['bad registry checksum', { registryCode: '12345670' }],
    ['registry code must start 1/7/8/9', { registryCode: '22345678' }],
    ['bad personal code', { personalCode: '30303039915' }],
  ])('validate says invalid: %s', async (_label, override) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/users/business/validate',
      payload: { name: 'Testfirma OÜ', registryCode: '12345678', personName: 'Peeter Põder', personalCode: '38507140211', ...override },
    });
    expect(res.json()).toEqual({ valid: false, message: expect.any(String) });
  });

  it('refuses a business registration the validate call finds invalid, and creates nothing', async () => {
    const bad = await register(business('badco@example.ee', { registryCode: '12345670' }));
    expect(bad.statusCode).toBe(400);
    const err = errorOf(bad.body);
    expect(err.code).toBe('INVALID_BUSINESS');
    expect(err.message).toMatch(/Registrikood/);
    expect((await login('badco@example.ee', 'Firma1234x')).statusCode).toBe(401);
  });

  it('registers a valid business with VAT', async () => {
    // The representative's identity must be verified first (see identity.test.ts for the refusals).
    const started = await ctx.app.inject({ method: 'POST', url: '/auth/smartid/start', payload: { personalCode: '40504040001' } });
    const identityToken = started.json().token as string;
    ctx.clock.advance(10_000);
    expect((await ctx.app.inject({ url: `/auth/smartid/poll?token=${identityToken}` })).json().status).toBe('ok');
    const res = await register(business('goodco@example.ee', { identityCode: '40504040001', identityToken }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ type: 'B2B', isB2b: true, allowVat: true, name: 'Testfirma OÜ', roles: ['ROLE_USER'] });
  });
});

describe('sign-in lock', () => {
  it('locks after five wrong passwords, refuses the right one, and unlocks after an hour', async () => {
    await register(privateUser('lock@example.ee', 'Right1234'));
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) codes.push(errorOf((await login('lock@example.ee', 'Wrong1234')).body).code);
    expect(codes.slice(0, 4)).toEqual(['BAD_CREDENTIALS', 'BAD_CREDENTIALS', 'BAD_CREDENTIALS', 'BAD_CREDENTIALS']);

    const sixth = await login('lock@example.ee', 'Right1234');
    expect(sixth.statusCode).toBe(401);
    const err = errorOf(sixth.body);
    expect(err.code).toBe('LOCKED');
    expect(err.message).toContain('LockedException');
    expect(sessionCookieOf(sixth)).toBeUndefined();

    ctx.clock.advance(59 * 60 * 1000);
    expect(errorOf((await login('lock@example.ee', 'Right1234')).body).code).toBe('LOCKED');
    ctx.clock.advance(61 * 1000);
    const unlocked = await login('lock@example.ee', 'Right1234');
    expect(unlocked.statusCode).toBe(200);
  });
});

describe('suspended account', () => {
  it('refuses password and Google sign-in with 403 ACCOUNT_SUSPENDED and the catalogue text, and ends open sessions', async () => {
    const reg = await register(privateUser('peatatud@example.ee', 'Right1234'));
    const token = sessionCookieOf(reg);
    await ctx.database.db.update(users).set({ suspended: true }).where(eq(users.username, 'peatatud@example.ee'));

    const res = await login('peatatud@example.ee', 'Right1234');
    expect(res.statusCode).toBe(403);
    // Its own code: the sign-in page words it, and a generic FORBIDDEN would read as 'session expired'.
    expect(errorOf(res.body)).toMatchObject({ code: 'ACCOUNT_SUSPENDED', message: 'Konto on peatatud' });
    expect(sessionCookieOf(res)).toBeUndefined();

    const google = await ctx.app.inject({
      method: 'POST',
      url: '/users/session-google',
      payload: { credential: makeSandboxGoogleCredential({ email: 'peatatud@example.ee' }, ctx.clock.now()) },
    });
    expect(google.statusCode).toBe(403);
    expect(errorOf(google.body).code).toBe('ACCOUNT_SUSPENDED');

    expect(await signedInUser(ctx.app, token)).toBeNull();
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing request from a foreign origin with 403 CSRF', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/login',
      headers: { origin: 'https://evil.example' },
      payload: { username: 'mari@example.ee', password: 'Salas6na' },
    });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res.body).code).toBe('CSRF');
  });

  it('accepts the allowed origin and reads from anywhere', async () => {
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/login',
      headers: { origin: 'http://localhost:3000' },
      payload: { username: 'mari@example.ee', password: 'Salas6na' },
    });
    expect(ok.statusCode).toBe(200);
    const read = await ctx.app.inject({ url: '/health', headers: { origin: 'https://evil.example' } });
    expect(read.statusCode).toBe(200);
  });
});
