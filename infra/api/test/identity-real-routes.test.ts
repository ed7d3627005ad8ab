import { messages } from 'shared-kernel/messages';
import { ApiErrorBody, IdentityPollResponse, IdentityStartResponse, SessionUser } from 'shared-kernel/schemas';
import { cookieHeader, createTestApp, sessionCookieOf, type TestContext } from '../src/testing/test-app';
import { PHONE, startIdentityFakes, type IdentityFakes } from './identity-fakes';

// Issue 30, acceptance 2 through the API: the identity routes with the real clients configured
// (config.identity) against the fakes; a refused answer verifies nobody.

const o = messages.identity.outcome;

let ctx: TestContext;
let fakes: IdentityFakes;

beforeAll(async () => {
  fakes = await startIdentityFakes(new Date('2025-06-02T09:00:00Z')); // the test app's clock
  ctx = await createTestApp({ app: { config: { identity: fakes.settings } } });
  const { sid, mid, cert } = fakes;
  sid.accounts.set('40504040001', { endResult: 'OK', cert: await cert('40504040001', {}, fakes.stranger) });
  sid.accounts.set('50001029996', { endResult: 'OK', cert: await cert('50001029996') });
  sid.accounts.set('61101012257', { endResult: 'OK', cert: await cert('61101012257') });
  sid.accounts.set('30403039917', { endResult: 'USER_REFUSED' });
  mid.accounts.set(`${PHONE} 60001019906`, { result: 'OK', cert: await cert('60001019906'), tamper: true });
  mid.accounts.set(`${PHONE} 60001017869`, { result: 'OK', cert: await cert('40504040001') });
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await fakes.close();
});

let seq = 0;
async function newPrivateUser(): Promise<{ id: number; cookie: Record<string, string> }> {
  seq += 1;
  const email = `real-id${seq}@example.ee`;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/users/register',
    payload: { username: email, password: 'Salas6na1', type: 'B2C', contactInfos: [{ type: 'EMAIL', value: email, prime: false }] },
  });
  expect(res.statusCode).toBe(200);
  return { id: SessionUser.parse(res.json()).id, cookie: cookieHeader(sessionCookieOf(res)) };
}

async function verify(method: 'smartid' | 'mobile', personalCode: string, headers: Record<string, string>, phoneNumber?: string) {
  const started = IdentityStartResponse.parse(
    (await ctx.app.inject({ method: 'POST', url: `/auth/${method}/start`, payload: { personalCode, phoneNumber }, headers })).json(),
  );
  expect(started).toMatchObject({ status: 'waiting', controlCode: expect.stringMatching(/^\d{4}$/) });
  const poll = async () =>
    IdentityPollResponse.parse(
      (await ctx.app.inject({ url: `/auth/${method}/poll?token=${encodeURIComponent(started.token as string)}`, headers })).json(),
    );
  expect((await poll()).status).toBe('waiting'); // the fake's RUNNING
  return poll();
}

const upgrade = (id: number, identityCode: string, headers: Record<string, string>) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/users/update-fully-privileged/${id}`,
    payload: { identityCode, name: 'Mari', lastName: 'Maasikas' },
    headers,
  });
const rolesOf = async (headers: Record<string, string>) =>
  SessionUser.parse((await ctx.app.inject({ url: '/users/session', headers })).json()).roles;

describe('identity routes with the real clients', () => {
  it.each([
    [
      'Smart-ID, certificate from an untrusted CA',
      'smartid',
      '40504040001',
      undefined,
      'error',
      o.certificateUntrusted,
      'IDENTITY_NOT_VERIFIED',
    ],
    ['Mobile-ID, tampered signature', 'mobile', '60001019906', PHONE, 'error', o.signatureInvalid, 'IDENTITY_NOT_VERIFIED'],
    ['Mobile-ID, certificate of another person', 'mobile', '60001017869', PHONE, 'error', o.subjectMismatch, 'IDENTITY_NOT_VERIFIED'],
    // The upgrade names the age rule itself for a minor (the terms), whatever the verification said.
    ['Smart-ID, a minor with a valid certificate', 'smartid', '61101012257', undefined, 'error', o.underAge, 'UNDER_AGE'],
    ['Smart-ID, the person refuses', 'smartid', '30403039917', undefined, 'canceled', o.userRefused, 'IDENTITY_NOT_VERIFIED'],
  ] as const)('%s: %s with the Estonian message, and nobody is verified', async (_label, method, code, phone, status, message, refusal) => {
    const u = await newPrivateUser();
    expect(await verify(method, code, u.cookie, phone)).toEqual({ status, message });
    const res = await upgrade(u.id, code, u.cookie);
    expect(res.statusCode).toBe(403);
    expect(ApiErrorBody.parse(res.json()).code).toBe(refusal);
    expect(await rolesOf(u.cookie)).toEqual(['ROLE_USER_B2C_NEED_ID']);
  });

  it('a trusted, signed answer for the same person verifies them', async () => {
    const u = await newPrivateUser();
    expect(await verify('smartid', '50001029996', u.cookie)).toEqual({ status: 'ok', message: o.ok });
    expect((await upgrade(u.id, '50001029996', u.cookie)).statusCode).toBe(200);
    expect(await rolesOf(u.cookie)).toEqual(['ROLE_USER']);
  });

  it('a person without a Smart-ID account is refused at start', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/auth/smartid/start', payload: { personalCode: '38001085718' } });
    expect(IdentityStartResponse.parse(res.json())).toMatchObject({ status: 'error', message: o.accountNotFound, token: null });
  });
});
