import { messages } from 'shared-kernel/messages';
import { ApiErrorBody, IdentityPollResponse, IdentityStartResponse, SessionUser } from 'shared-kernel/schemas';
import { parsePemBundle } from '../src/services/identity/certificate-check';
import { SMART_ID_QUALIFIED_POLICIES } from '../src/services/identity/smart-id-client';
import { cookieHeader, createTestApp, sessionCookieOf, type TestContext } from '../src/testing/test-app';
import { makeCa, makePersonCert, type TestCa } from './fakes/identity-pki';
import { startMobileIdFake, type MobileIdFake } from './fakes/mobile-id-fake';
import { startSmartIdFake, type SmartIdFake } from './fakes/smart-id-fake';

// Issue 30, acceptance 2 through the API: the identity routes with the real clients configured
// (config.identity) against the fakes; a refused answer verifies nobody.

const o = messages.identity.outcome;
const SID_UUID = '00000000-0000-4000-8000-000000000000';
const MID_UUID = '00000000-0000-4000-8000-000000000001';
const PHONE = '+37200000766';

let ctx: TestContext;
let trusted: TestCa;
let stranger: TestCa;
let sid: SmartIdFake;
let mid: MobileIdFake;

beforeAll(async () => {
  [sid, mid] = await Promise.all([startSmartIdFake({ rpUuid: SID_UUID }), startMobileIdFake({ rpUuid: MID_UUID })]);
  const now = new Date('2025-06-02T09:00:00Z'); // the test app's clock
  [trusted, stranger] = await Promise.all([makeCa('SK test EID-Q', now), makeCa('Untrusted CA', now)]);
  const common = { trustAnchors: parsePemBundle(trusted.pem), pollTimeoutMs: 1000, requestTimeoutMs: 5000, relyingPartyName: 'Rendime' };
  ctx = await createTestApp({
    app: {
      config: {
        identity: {
          smartId: { ...common, url: sid.url, relyingPartyUUID: SID_UUID, schemeName: 'smart-id', requiredPolicies: SMART_ID_QUALIFIED_POLICIES },
          mobileId: { ...common, url: mid.url, relyingPartyUUID: MID_UUID, requiredPolicies: [] },
        },
      },
    },
  });
  const cert = (personalCode: string, ca: TestCa = trusted) => makePersonCert(ca, { personalCode, now });
  sid.accounts.set('40504040001', { endResult: 'OK', cert: await cert('40504040001', stranger) });
  sid.accounts.set('50001029996', { endResult: 'OK', cert: await cert('50001029996') });
  sid.accounts.set('61101012257', { endResult: 'OK', cert: await cert('61101012257') });
  sid.accounts.set('30403039917', { endResult: 'USER_REFUSED' });
  mid.accounts.set(`${PHONE} 60001019906`, { result: 'OK', cert: await cert('60001019906'), tamper: true });
  mid.accounts.set(`${PHONE} 60001017869`, { result: 'OK', cert: await cert('40504040001') });
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await Promise.all([sid.close(), mid.close()]);
});

let seq = 0;
async function newPrivateUser(): Promise<{ id: number; cookie: Record<string, string> }> {
  seq += 1;
  const email = `real-id${seq}@example.ee`;
  const res = await ctx.app.inject({ method: 'POST', url: '/users/register', payload: { username: email, password: 'Salas6na1', type: 'B2C', contactInfos: [{ type: 'EMAIL', value: email, prime: false }] } });
  expect(res.statusCode).toBe(200);
  return { id: SessionUser.parse(res.json()).id, cookie: cookieHeader(sessionCookieOf(res)) };
}

async function verify(method: 'smartid' | 'mobile', personalCode: string, headers: Record<string, string>, phoneNumber?: string) {
  const started = IdentityStartResponse.parse((await ctx.app.inject({ method: 'POST', url: `/auth/${method}/start`, payload: { personalCode, phoneNumber }, headers })).json());
  expect(started).toMatchObject({ status: 'waiting', controlCode: expect.stringMatching(/^\d{4}$/) });
  const poll = async () => IdentityPollResponse.parse((await ctx.app.inject({ url: `/auth/${method}/poll?token=${encodeURIComponent(started.token as string)}`, headers })).json());
  expect((await poll()).status).toBe('waiting'); // the fake's RUNNING
  return poll();
}

const upgrade = (id: number, identityCode: string, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'PUT', url: `/users/update-fully-privileged/${id}`, payload: { identityCode, name: 'Mari', lastName: 'Maasikas' }, headers });
const rolesOf = async (headers: Record<string, string>) => SessionUser.parse((await ctx.app.inject({ url: '/users/session', headers })).json()).roles;

describe('identity routes with the real clients', () => {
  it.each([
    ['Smart-ID, certificate from an untrusted CA', 'smartid', '40504040001', undefined, 'error', o.certificateUntrusted, 'IDENTITY_NOT_VERIFIED'],
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
