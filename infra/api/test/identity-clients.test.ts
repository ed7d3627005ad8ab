import crypto from 'node:crypto';
import { messages } from 'shared-kernel/messages';
import { createTestClock } from '../src/lib/clock';
import { mobileIdControlCode, smartIdControlCode } from '../src/services/identity/control-code';
import { MobileIdClient } from '../src/services/identity/mobile-id-client';
import { outcomeOf } from '../src/services/identity/outcomes';
import type { IdentityProvider, IdentitySessionState, IdentityStartInput } from '../src/services/identity/provider';
import { SmartIdClient } from '../src/services/identity/smart-id-client';
import { makeCa, type TestCa } from './fakes/identity-pki';
import { MID_UUID, PHONE, SID_UUID, startIdentityFakes, type IdentityFakes } from './identity-fakes';
import type { MobileIdFake } from './fakes/mobile-id-fake';
import type { SmartIdFake } from './fakes/smart-id-fake';

// Issue 30, acceptance 2 and 3: the real clients against local fakes of the published protocols.

const o = messages.identity.outcome;
const NOW = new Date('2025-06-02T09:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

let fakes: IdentityFakes;
/** An attacker's CA with the very name (DN) of the trusted anchor, but its own key. */
let impostor: TestCa;
let sid: SmartIdFake;
let mid: MobileIdFake;
let smartId: SmartIdClient;
let mobileId: MobileIdClient;

beforeAll(async () => {
  fakes = await startIdentityFakes(NOW);
  ({ sid, mid } = fakes);
  impostor = await makeCa('SK test EID-Q', NOW);
  const clock = createTestClock(NOW);
  smartId = new SmartIdClient(fakes.settings.smartId, clock);
  mobileId = new MobileIdClient(fakes.settings.mobileId, clock);
}, 60_000);
afterAll(async () => {
  await fakes.close();
});

/** Start, then poll until the session ends (the fakes answer RUNNING once). */
async function runToEnd(
  provider: IdentityProvider,
  input: IdentityStartInput,
): Promise<IdentitySessionState | { kind: 'refused'; result: string }> {
  const started = await provider.start(input);
  if (started.kind === 'refused') return started;
  expect(started.controlCode).toMatch(/^\d{4}$/);
  let state = await provider.poll(started.sessionId);
  expect(state).toEqual({ kind: 'running' });
  for (let i = 0; i < 3 && state.kind === 'running'; i += 1) state = await provider.poll(started.sessionId);
  return state;
}

const cert: IdentityFakes['cert'] = (personalCode, extra, ca) => fakes.cert(personalCode, extra, ca);

describe('Smart-ID RP API v3 client', () => {
  it('speaks the protocol: ETSI path, ACSP_V2 request, verification code from the rpChallenge, verified subject', async () => {
    sid.accounts.set('40504040001', { endResult: 'OK', cert: await cert('40504040001', { givenName: 'MARI', surname: 'MAASIKAS' }) });
    const started = await smartId.start({ personalCode: '40504040001' });
    const request = sid.requests.at(-1)!;
    expect(request.path).toBe('/v3/authentication/notification/etsi/PNOEE-40504040001');
    expect(request.body).toMatchObject({
      relyingPartyUUID: SID_UUID,
      relyingPartyName: 'Rendime',
      certificateLevel: 'QUALIFIED',
      signatureProtocol: 'ACSP_V2',
      signatureProtocolParameters: { signatureAlgorithm: 'rsassa-pss', signatureAlgorithmParameters: { hashAlgorithm: 'SHA3-512' } },
      vcType: 'numeric4',
    });
    const rpChallenge = Buffer.from((request.body.signatureProtocolParameters as { rpChallenge: string }).rpChallenge, 'base64');
    expect(rpChallenge).toHaveLength(64);
    expect(started).toMatchObject({ kind: 'started', controlCode: smartIdControlCode(rpChallenge) });
    if (started.kind !== 'started') throw new Error('not started');
    expect(await smartId.poll(started.sessionId)).toEqual({ kind: 'running' });
    expect(await smartId.poll(started.sessionId)).toEqual({
      kind: 'complete',
      result: 'OK',
      subject: { personalCode: '40504040001', givenName: 'MARI', surname: 'MAASIKAS' },
    });
  });

  it('refuses at start a person without an account (404)', async () => {
    expect(await smartId.start({ personalCode: '38001085718' })).toEqual({ kind: 'refused', result: 'ACCOUNT_NOT_FOUND' });
  });

  it('reports a session the service does not know as unknown', async () => {
    expect(await smartId.poll(`${crypto.randomUUID()}|AAAA|40504040001`)).toEqual({ kind: 'unknown' });
  });
});

describe('Mobile-ID REST client', () => {
  it('speaks the protocol: POST /authentication with a SHA256 hash, verification code from the hash, verified subject', async () => {
    mid.accounts.set(`${PHONE} 60001019906`, {
      result: 'OK',
      cert: await cert('60001019906', { givenName: 'MARY ÄNN', surname: "O'CONNEŽ-ŠUSLIK TESTNUMBER" }),
    });
    const started = await mobileId.start({ personalCode: '60001019906', phoneNumber: PHONE });
    const request = mid.requests.at(-1)!;
    expect(request).toMatchObject({
      path: '/mid-api/authentication',
      body: {
        relyingPartyUUID: MID_UUID,
        relyingPartyName: 'Rendime',
        phoneNumber: PHONE,
        nationalIdentityNumber: '60001019906',
        hashType: 'SHA256',
        language: 'EST',
      },
    });
    const hash = Buffer.from(request.body.hash as string, 'base64');
    expect(hash).toHaveLength(32);
    expect(started).toMatchObject({ kind: 'started', controlCode: mobileIdControlCode(hash) });
    if (started.kind !== 'started') throw new Error('not started');
    expect(await mobileId.poll(started.sessionId)).toEqual({ kind: 'running' });
    expect(await mobileId.poll(started.sessionId)).toMatchObject({
      kind: 'complete',
      result: 'OK',
      subject: { personalCode: '60001019906', givenName: 'MARY ÄNN' },
    });
  });
});

// Acceptance 2: each refusal ends in `error` with an Estonian message and no verified subject.
describe.each([
  ['Smart-ID', 'smartid'],
  ['Mobile-ID', 'mobile'],
] as const)('%s: the relying party refuses an answer it cannot trust', (_name, method) => {
  const cases: [string, () => Promise<{ cert: Awaited<ReturnType<typeof cert>>; tamper?: boolean }>, string, string][] = [
    [
      'signed by a CA that is not configured',
      async () => ({ cert: await cert(CODE[method], {}, fakes.stranger) }),
      'CERT_UNTRUSTED',
      o.certificateUntrusted,
    ],
    // The issuer's name alone proves nothing: only the anchor's key signature does.
    [
      'signed by an attacker CA bearing the trusted CA’s name',
      async () => {
        expect(impostor.name).toBe(fakes.trusted.name);
        return { cert: await cert(CODE[method], {}, impostor) };
      },
      'CERT_UNTRUSTED',
      o.certificateUntrusted,
    ],
    ['a certificate for another personal code', async () => ({ cert: await cert('40504040001') }), 'SUBJECT_MISMATCH', o.subjectMismatch],
    ['a tampered signature', async () => ({ cert: await cert(CODE[method]), tamper: true }), 'SIGNATURE_INVALID', o.signatureInvalid],
    [
      'an expired certificate',
      async () => ({
        cert: await cert(CODE[method], { notBefore: new Date(NOW.getTime() - 800 * DAY), notAfter: new Date(NOW.getTime() - DAY) }),
      }),
      'CERT_EXPIRED',
      o.certificateExpired,
    ],
    [
      'a certificate not yet valid',
      async () => ({
        cert: await cert(CODE[method], { notBefore: new Date(NOW.getTime() + DAY), notAfter: new Date(NOW.getTime() + 800 * DAY) }),
      }),
      'CERT_EXPIRED',
      o.certificateExpired,
    ],
    [
      'a certificate of another country',
      async () => ({ cert: await cert(CODE[method], { country: 'LV' }) }),
      'SUBJECT_MISMATCH',
      o.subjectMismatch,
    ],
  ];
  it.each(cases)('%s', async (_label, make, result, message) => {
    const { cert: c, tamper } = await make();
    if (method === 'smartid') sid.accounts.set(CODE.smartid, { endResult: 'OK', cert: c, tamper });
    else mid.accounts.set(`${PHONE} ${CODE.mobile}`, { result: 'OK', cert: c, tamper });
    const state = await runToEnd(method === 'smartid' ? smartId : mobileId, { personalCode: CODE[method], phoneNumber: PHONE });
    expect(state).toEqual({ kind: 'complete', result });
    expect(outcomeOf(result)).toEqual({ status: 'error', message });
  });
});

const CODE = { smartid: '50001029996', mobile: '60001019906' } as const;

it('Smart-ID: a certificate without the qualified Smart-ID policies is refused', async () => {
  sid.accounts.set(CODE.smartid, { endResult: 'OK', cert: await cert('50001029996', { policies: ['1.3.6.1.4.1.10015.17.1'] }) });
  expect(await runToEnd(smartId, { personalCode: CODE.smartid })).toEqual({ kind: 'complete', result: 'CERT_POLICY' });
  expect(outcomeOf('CERT_POLICY')).toEqual({ status: 'error', message: o.certificateUntrusted });
});

/**
 * What each provider's end result reads as on the platform, grouped by the outcome (several codes
 * of a service share one text): the codes as each service's documentation names them.
 */
const SMART_ID_RESULTS: [status: 'canceled' | 'error', message: string, codes: string[]][] = [
  ['canceled', o.userRefused, ['USER_REFUSED', 'USER_REFUSED_CERT_CHOICE']],
  [
    'canceled',
    o.userRefusedInteraction,
    [
      'USER_REFUSED_INTERACTION',
      'USER_REFUSED_DISPLAYTEXTANDPIN',
      'USER_REFUSED_CONFIRMATIONMESSAGE',
      'USER_REFUSED_CONFIRMATIONMESSAGE_WITH_VC_CHOICE',
      'USER_REFUSED_VC_CHOICE',
    ],
  ],
  ['error', o.timeout, ['TIMEOUT']],
  ['error', o.wrongVc, ['WRONG_VC', 'USER_SELECTED_WRONG_VC']],
  ['error', o.documentUnusable, ['DOCUMENT_UNUSABLE', 'ACCOUNT_UNUSABLE']],
  ['error', o.appTooOld, ['REQUIRED_INTERACTION_NOT_SUPPORTED_BY_APP']],
  ['error', o.failed, ['PROTOCOL_FAILURE', 'SERVER_ERROR']],
];
const MOBILE_ID_RESULTS: typeof SMART_ID_RESULTS = [
  ['canceled', o.userCancelled, ['USER_CANCELLED']],
  ['error', o.notMidClient, ['NOT_MID_CLIENT']],
  ['error', o.phoneAbsent, ['PHONE_ABSENT']],
  ['error', o.deliveryError, ['DELIVERY_ERROR']],
  ['error', o.simError, ['SIM_ERROR']],
  ['error', o.signatureHashMismatch, ['SIGNATURE_HASH_MISMATCH']],
  ['error', o.timeout, ['TIMEOUT']],
];
const cases = (table: typeof SMART_ID_RESULTS) =>
  table.flatMap(([status, message, codes]) => codes.map((code) => [code, status, message] as const));

// Acceptance 3: every result code of both services maps to the platform's status and message.
describe('result codes', () => {
  it.each(cases(SMART_ID_RESULTS))('Smart-ID %s -> %s', async (endResult, status, message) => {
    sid.accounts.set('39001010002', { endResult });
    const state = await runToEnd(smartId, { personalCode: '39001010002' });
    expect(state).toEqual({ kind: 'complete', result: endResult });
    expect(outcomeOf(endResult)).toEqual({ status, message });
  });

  it.each(cases(MOBILE_ID_RESULTS))('Mobile-ID %s -> %s', async (result, status, message) => {
    const phone = '+37201234567';
    // No account at all is how the service says NOT_MID_CLIENT.
    if (result === 'NOT_MID_CLIENT') mid.accounts.delete(`${phone} 39001010002`);
    else mid.accounts.set(`${phone} 39001010002`, { result });
    const state = await runToEnd(mobileId, { personalCode: '39001010002', phoneNumber: phone });
    expect(state).toEqual({ kind: 'complete', result });
    expect(outcomeOf(result)).toEqual({ status, message });
  });

  it('the relying party checks and an unknown code end in error, never ok', () => {
    for (const code of [
      'SIGNATURE_INVALID',
      'CERT_UNTRUSTED',
      'CERT_EXPIRED',
      'CERT_POLICY',
      'SUBJECT_MISMATCH',
      'PROTOCOL_ERROR',
      'SOMETHING_NEW',
    ]) {
      expect(outcomeOf(code).status).toBe('error');
      expect(outcomeOf(code).message).toMatch(/[a-zõäöü]/i);
    }
  });
});
