import type { FastifyInstance } from 'fastify';
import { messages, SUPPORT_EMAIL } from 'shared-kernel/messages';
import { ApiErrorBody, IdentityPollResponse, IdentityStartResponse, SessionUser } from 'shared-kernel/schemas';
import { makeSandboxGoogleCredential } from '../src/services/google';
import { mobileIdControlCode, smartIdControlCode } from '../src/services/identity/control-code';
import { cookieHeader, createTestApp, replicaOf, sessionCookieOf, type TestContext } from '../src/testing/test-app';

const o = messages.identity.outcome;
const DELAY = 5_000;

let ctx: TestContext;
// The first file on a cold machine builds the migrated PGlite template, which can take a while.
beforeAll(async () => {
  ctx = await createTestApp();
}, 120_000);
afterAll(async () => {
  await ctx.close();
});

const errorOf = (body: string) => ApiErrorBody.parse(JSON.parse(body));
let seq = 0;

/** A fresh private user (ROLE_USER_B2C_NEED_ID) and its session cookie. */
async function newPrivateUser(): Promise<{ id: number; cookie: Record<string, string> }> {
  seq += 1;
  const email = `id${seq}@example.ee`;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/users/register',
    payload: { username: email, password: 'Salas6na1', type: 'B2C', contactInfos: [{ type: 'EMAIL', value: email, prime: false }] },
  });
  expect(res.statusCode).toBe(200);
  return { id: SessionUser.parse(res.json()).id, cookie: cookieHeader(sessionCookieOf(res)) };
}

const start = (method: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: `/auth/${method}/start`, payload, headers });
const poll = (method: string, token: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ url: `/auth/${method}/poll?token=${encodeURIComponent(token)}`, headers });

/** Starts, lets the sandbox person take their time, and returns the final poll answer. */
async function verify(
  method: 'smartid' | 'mobile',
  personalCode: string,
  phoneNumber: string | undefined,
  headers: Record<string, string> = {},
) {
  const started = IdentityStartResponse.parse((await start(method, { personalCode, phoneNumber }, headers)).json());
  expect(started).toMatchObject({ status: 'waiting', controlCode: expect.stringMatching(/^\d{4}$/), token: expect.any(String) });
  const token = started.token as string;
  const running = IdentityPollResponse.parse((await poll(method, token, headers)).json());
  expect(running.status).toBe('waiting');
  ctx.clock.advance(DELAY);
  return { token, result: IdentityPollResponse.parse((await poll(method, token, headers)).json()) };
}

const upgrade = (id: number, body: object, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'PUT', url: `/users/update-fully-privileged/${id}`, payload: body, headers });
const session = async (headers: Record<string, string>) =>
  SessionUser.parse((await ctx.app.inject({ url: '/users/session', headers })).json());

describe('control codes', () => {
  it('Smart-ID: last 2 bytes of SHA-256(challenge) mod 10000; Mobile-ID: 6 first + 7 last bits of the hash', () => {
    // SHA-256('') = e3b0...b855: 0xb855 = 47189 -> 7189
    expect(smartIdControlCode(Buffer.alloc(0))).toBe('7189');
    // 0xe3 >> 2 = 56, 0x55 & 0x7f = 85, 56 << 7 | 85 = 7253
    const hash = Buffer.from('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', 'hex');
    expect(mobileIdControlCode(hash)).toBe('7253');
    expect(mobileIdControlCode(Buffer.from([0x00, 0x01]))).toBe('0001');
  });
});

describe('Smart-ID sandbox', () => {
  it('stays waiting until the delay passes, then answers ok for a demo OK code', async () => {
    const { result } = await verify('smartid', '50001029996', undefined);
    expect(result).toEqual({ status: 'ok', message: o.ok });
  });

  it.each([
    ['39901012239', 'ok', o.ok],
    ['61101012257', 'error', o.underAge],
    ['30403039917', 'canceled', o.userRefused],
    ['30403039928', 'canceled', o.userRefusedInteraction],
    ['30403039972', 'error', o.wrongVc],
    ['30403039983', 'error', o.timeout],
  ])('%s ends as %s', async (code, status, message) => {
    expect((await verify('smartid', code, undefined)).result).toEqual({ status, message });
  });

  it('refuses at start a code without a Smart-ID account', async () => {
    const res = await start('smartid', { personalCode: '38507140211' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'error', message: o.accountNotFound, controlCode: null, token: null });
  });

  it('answers 400 with a code for an invalid personal code', async () => {
    const res = await start('smartid', { personalCode: '30303039915' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body)).toMatchObject({ code: 'INVALID_PERSONAL_CODE', message: o.invalidPersonalCode });
    expect((await start('idcard', { personalCode: '40504040001' })).statusCode).toBe(400);
  });

  it('keeps the outcome once decided', async () => {
    const { token } = await verify('smartid', '30403039917', undefined);
    ctx.clock.advance(60_000);
    expect((await poll('smartid', token)).json()).toEqual({ status: 'canceled', message: o.userRefused });
    expect((await poll('mobile', token)).statusCode).toBe(404);
    expect(errorOf((await poll('smartid', 'nonsense')).body).code).toBe('SESSION_NOT_FOUND');
  });

  it("a signed-in user's session is not visible to others", async () => {
    const a = await newPrivateUser();
    const b = await newPrivateUser();
    const started = IdentityStartResponse.parse((await start('smartid', { personalCode: '40504040001' }, a.cookie)).json());
    expect((await poll('smartid', started.token as string, b.cookie)).statusCode).toBe(404);
    expect((await poll('smartid', started.token as string)).statusCode).toBe(404);
    expect((await poll('smartid', started.token as string, a.cookie)).statusCode).toBe(200);
  });
});

describe('Mobile-ID sandbox', () => {
  it.each([
    ['+37200000766', '60001019906', 'ok', o.ok],
    ['+37268000769', '60001017869', 'ok', o.ok],
    ['+37200000366', '60001019928', 'error', o.notMidClient],
    ['+37201100266', '60001019950', 'canceled', o.userCancelled],
    ['+37066000266', '50001018908', 'error', o.timeout],
    ['+37213100266', '60001019983', 'error', o.phoneAbsent],
    ['+37207110066', '60001019947', 'error', o.deliveryError],
    ['+37201200266', '60001019972', 'error', o.simError],
    ['+37200000666', '60001019961', 'error', o.signatureHashMismatch],
    ['+37255512345', '60001019906', 'error', o.notMidClient],
  ])('%s / %s ends as %s', async (phone, code, status, message) => {
    expect((await verify('mobile', code, phone)).result).toEqual({ status, message });
  });

  it('needs a well-formed phone number', async () => {
    expect(errorOf((await start('mobile', { personalCode: '60001019906' })).body)).toMatchObject({
      code: 'PHONE_REQUIRED',
      message: o.phoneRequired,
    });
    expect(errorOf((await start('mobile', { personalCode: '60001019906', phoneNumber: '12345' })).body)).toMatchObject({
      code: 'INVALID_PHONE',
    });
  });
});

describe('update-fully-privileged', () => {
  it('upgrades after a successful verification of the same code, once', async () => {
    const u = await newPrivateUser();
    expect((await verify('smartid', '40504040001', undefined, u.cookie)).result.status).toBe('ok');
    const res = await upgrade(u.id, { identityCode: '40504040001', name: 'Mari', lastName: 'Maasikas' }, u.cookie);
    expect(res.statusCode).toBe(200);
    expect(SessionUser.parse(res.json())).toMatchObject({ roles: ['ROLE_USER'], name: 'Mari', lastName: 'Maasikas' });
    expect((await session(u.cookie)).roles).toEqual(['ROLE_USER']);
    const again = await upgrade(u.id, { identityCode: '40504040001' }, u.cookie);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again.body)).toMatchObject({ code: 'ALREADY_VERIFIED', message: 'Kasutaja on juba identifitseeritud.' });

    // user-exist now tells a second account about the taken code, and the upgrade refuses it.
    const other = await newPrivateUser();
    const exists = await ctx.app.inject({
      method: 'POST',
      url: `/users/user-exist/${other.id}`,
      payload: { identityCode: '40504040001', name: 'X', lastName: 'Y' },
      headers: other.cookie,
    });
    expect(exists.json()).toBe(true);
    const own = await ctx.app.inject({
      method: 'POST',
      url: `/users/user-exist/${u.id}`,
      payload: { identityCode: '40504040001' },
      headers: u.cookie,
    });
    expect(own.json()).toBe(false);
    expect((await verify('smartid', '40504040001', undefined, other.cookie)).result.status).toBe('ok');
    const taken = await upgrade(other.id, { identityCode: '40504040001' }, other.cookie);
    expect(errorOf(taken.body)).toMatchObject({ statusCode: 409, code: 'IDENTITY_CODE_IN_USE' });
    expect((await session(other.cookie)).roles).toEqual(['ROLE_USER_B2C_NEED_ID']);
  });

  it('refuses without a verification, and the role stays', async () => {
    const u = await newPrivateUser();
    const res = await upgrade(u.id, { identityCode: '50001029996' }, u.cookie);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res.body).code).toBe('IDENTITY_NOT_VERIFIED');
    expect((await session(u.cookie)).roles).toEqual(['ROLE_USER_B2C_NEED_ID']);
  });

  it("refuses another code, another user's id, someone else's or a failed verification, and a stale one", async () => {
    const u = await newPrivateUser();
    const v = await newPrivateUser();
    await verify('smartid', '50001029996', undefined, u.cookie);
    expect(errorOf((await upgrade(u.id, { identityCode: '39901012239' }, u.cookie)).body).code).toBe('IDENTITY_NOT_VERIFIED');
    expect(errorOf((await upgrade(v.id, { identityCode: '50001029996' }, u.cookie)).body).code).toBe('FORBIDDEN');
    expect(errorOf((await upgrade(v.id, { identityCode: '50001029996' }, v.cookie)).body).code).toBe('IDENTITY_NOT_VERIFIED');
    // An anonymous verification (business sign-up) is not this user's proof.
    await verify('smartid', '39901012239', undefined);
    expect(errorOf((await upgrade(v.id, { identityCode: '39901012239' }, v.cookie)).body).code).toBe('IDENTITY_NOT_VERIFIED');
    await verify('smartid', '30403039917', undefined, v.cookie);
    expect(errorOf((await upgrade(v.id, { identityCode: '30403039917' }, v.cookie)).body).code).toBe('IDENTITY_NOT_VERIFIED');
    ctx.clock.advance(16 * 60 * 1000);
    expect(errorOf((await upgrade(u.id, { identityCode: '50001029996' }, u.cookie)).body).code).toBe('IDENTITY_NOT_VERIFIED');
    expect((await session(u.cookie)).roles).toEqual(['ROLE_USER_B2C_NEED_ID']);
  });

  it('refuses a minor, a bad code and anonymous callers', async () => {
    const u = await newPrivateUser();
    expect(errorOf((await upgrade(u.id, { identityCode: '61101012257' }, u.cookie)).body)).toMatchObject({
      statusCode: 403,
      code: 'UNDER_AGE',
    });
    expect(errorOf((await upgrade(u.id, { identityCode: '123' }, u.cookie)).body)).toMatchObject({
      statusCode: 400,
      code: 'INVALID_PERSONAL_CODE',
    });
    expect((await upgrade(u.id, { identityCode: '50001029996' }, {})).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/users/user-exist/${u.id}`, payload: { identityCode: '50001029996' } })).statusCode,
    ).toBe(401);
  });
});

describe('business registration needs the representative verified', () => {
  const business = (email: string, identityToken?: string, identityCode = '40504040001') => ({
    username: email,
    password: 'Firma1234x',
    type: 'B2B',
    name: 'Tuvastatud OÜ',
    registryCode: '12345678',
    representativeName: 'Mari Maasikas',
    identityCode,
    allowVat: true,
    identityToken,
    contactInfos: [{ type: 'EMAIL', value: email, prime: false }],
  });
  const register = (body: object) => ctx.app.inject({ method: 'POST', url: '/users/register', payload: body });

  it('refuses without a token, with a token of another code, and a spent token', async () => {
    expect(errorOf((await register(business('b1@example.ee'))).body)).toMatchObject({ statusCode: 403, code: 'IDENTITY_NOT_VERIFIED' });
    const { token } = await verify('smartid', '40504040001', undefined);
    expect(errorOf((await register(business('b2@example.ee', token, '50001029996'))).body).code).toBe('IDENTITY_NOT_VERIFIED');
    const ok = await register(business('b3@example.ee', token));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ type: 'B2B', roles: ['ROLE_USER'] });
    expect(errorOf((await register(business('b4@example.ee', token))).body).code).toBe('IDENTITY_NOT_VERIFIED');
    // Spent tokens cannot be polled either.
    expect((await poll('smartid', token)).statusCode).toBe(404);
  });

  it('refuses a failed verification', async () => {
    const { token } = await verify('smartid', '30403039917', undefined);
    expect(errorOf((await register(business('b5@example.ee', token, '30403039917'))).body).code).toBe('IDENTITY_NOT_VERIFIED');
  });
});

// One limit on starts (RATE_LIMITS.identityStart, issue 26): the tests' app runs without abuse
// limits, so a replica with them on shows what a person meets.
describe('rate limit', () => {
  const startOn = (app: FastifyInstance, payload: object, headers: Record<string, string>, ip: string) =>
    app.inject({ method: 'POST', url: '/auth/smartid/start', payload, headers, remoteAddress: ip });

  it('refuses the 6th start of one user in 10 minutes with 429 TOO_MANY_ATTEMPTS, from any address', async () => {
    const limited = await replicaOf(ctx, { config: { rateLimits: true } });
    try {
      const u = await newPrivateUser();
      const codes: number[] = [];
      for (let i = 0; i < 6; i++)
        codes.push((await startOn(limited, { personalCode: '40504040001' }, u.cookie, `203.0.113.${i + 1}`)).statusCode);
      expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
      const refused = await startOn(limited, { personalCode: '40504040001' }, u.cookie, '203.0.113.99');
      expect(errorOf(refused.body)).toMatchObject({ statusCode: 429, code: 'TOO_MANY_ATTEMPTS', message: o.tooManyAttempts });
      // Another person is not held up by it.
      expect((await startOn(limited, { personalCode: '40504040001' }, (await newPrivateUser()).cookie, '203.0.113.99')).statusCode).toBe(
        200,
      );
      ctx.clock.advance(10 * 60 * 1000);
      expect((await startOn(limited, { personalCode: '40504040001' }, u.cookie, '203.0.113.1')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('refuses the 11th start from one address in 10 minutes, whoever is signed in', async () => {
    const limited = await replicaOf(ctx, { config: { rateLimits: true } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 11; i++)
        codes.push((await startOn(limited, { personalCode: '40504040001' }, (await newPrivateUser()).cookie, '198.51.100.7')).statusCode);
      expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
      expect(codes[10]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('contact info', () => {
  it('adds and edits own contacts with Estonian phone validation', async () => {
    const u = await newPrivateUser();
    const v = await newPrivateUser();
    const add = await ctx.app.inject({
      method: 'POST',
      url: `/contact-info/user/${u.id}`,
      payload: { type: 'PHONE', value: '5551 2345', prime: false },
      headers: u.cookie,
    });
    expect(add.statusCode).toBe(200);
    expect(add.json()).toMatchObject({ type: 'PHONE', value: '+37255512345', prime: false });
    const bad = await ctx.app.inject({
      method: 'POST',
      url: `/contact-info/user/${u.id}`,
      payload: { type: 'PHONE', value: '+3721234', prime: false },
      headers: u.cookie,
    });
    expect(errorOf(bad.body)).toMatchObject({ statusCode: 400, code: 'INVALID_PHONE', message: 'Vale telefoni number' });
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: `/contact-info/user/${u.id}`,
      payload: { type: 'PHONE', value: '55512345', prime: false },
      headers: v.cookie,
    });
    expect(foreign.statusCode).toBe(403);

    const id = add.json().id as number;
    const edit = await ctx.app.inject({
      method: 'PUT',
      url: `/contact-info/${id}`,
      payload: { type: 'PHONE', value: '+372 5123 4567', prime: true },
      headers: u.cookie,
    });
    expect(edit.json()).toEqual({ id, type: 'PHONE', value: '+37251234567', prime: true });
    expect(
      (
        await ctx.app.inject({
          method: 'PUT',
          url: `/contact-info/${id}`,
          payload: { type: 'PHONE', value: '55512345' },
          headers: v.cookie,
        })
      ).statusCode,
    ).toBe(404);
    expect((await session(u.cookie)).contactInfos).toContainEqual({ id, type: 'PHONE', value: '+37251234567', prime: true });
  });
});

describe('contact form', () => {
  it('mails the message to support and checks the fields', async () => {
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/feedback/contactus',
      payload: { content: 'Tere, küsimus', name: 'Jaan', email: 'jaan@example.ee' },
    });
    expect(ok.json()).toEqual({ ok: true });
    const [mail] = await ctx.app.outbox.list(1);
    expect(mail).toMatchObject({ to: SUPPORT_EMAIL, body: expect.stringContaining('Tere, küsimus') });
    expect(
      errorOf((await ctx.app.inject({ method: 'POST', url: '/feedback/contactus', payload: { content: 'x', email: 'vale' } })).body),
    ).toMatchObject({ code: 'INVALID_EMAIL', message: 'Vale email' });
    expect(
      errorOf((await ctx.app.inject({ method: 'POST', url: '/feedback/contactus', payload: { content: '  ', email: 'a@b.ee' } })).body),
    ).toMatchObject({ code: 'CONTENT_REQUIRED' });
  });
});

describe('Google sign-in (sandbox verifier)', () => {
  const google = (credential: string) => ctx.app.inject({ method: 'POST', url: '/users/session-google', payload: { credential } });

  it('registers a private user needing verification, then signs the same user in', async () => {
    const credential = makeSandboxGoogleCredential(
      { email: 'Google.User@example.ee', givenName: 'Gert', familyName: 'Google' },
      ctx.clock.now(),
    );
    const first = await google(credential);
    expect(first.statusCode).toBe(200);
    const user = SessionUser.parse(first.json());
    expect(user).toMatchObject({ username: 'google.user@example.ee', roles: ['ROLE_USER_B2C_NEED_ID'], name: 'Gert' });
    expect((await session(cookieHeader(sessionCookieOf(first)))).id).toBe(user.id);
    expect(SessionUser.parse((await google(credential)).json()).id).toBe(user.id);
  });

  it('refuses malformed, expired, foreign-audience and unverified-e-mail credentials', async () => {
    const now = ctx.clock.now();
    expect(errorOf((await google('not-a-jwt')).body).code).toBe('GOOGLE_LOGIN_FAILED');
    expect(
      errorOf(
        (await google(makeSandboxGoogleCredential({ email: 'x@example.ee', expSeconds: Math.floor(now.getTime() / 1000) - 1 }, now))).body,
      ).code,
    ).toBe('GOOGLE_LOGIN_FAILED');
    const enc = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const foreign = `${enc({ alg: 'none' })}.${enc({ iss: 'https://accounts.google.com', aud: 'someone-else', sub: '1', email: 'x@example.ee', email_verified: true, exp: 9e9 })}.`;
    expect(errorOf((await google(foreign)).body).code).toBe('GOOGLE_LOGIN_FAILED');
    expect(errorOf((await google(makeSandboxGoogleCredential({ email: 'y@example.ee', emailVerified: false }, now))).body).code).toBe(
      'GOOGLE_EMAIL_NOT_VERIFIED',
    );
  });
});
