import crypto from 'node:crypto';
import { checkCertificate } from './certificate-check';
import { smartIdControlCode } from './control-code';
import type { IdentitySessionState, IdentityStart, IdentityStartInput } from './provider';
import { asRecord, asString, pollSession, RelyingPartyClient, startSession } from './provider-http';

/** SK's policy OIDs of a qualified Smart-ID authentication certificate (the reference Java client's). */
export const SMART_ID_QUALIFIED_POLICIES = ['1.3.6.1.4.1.10015.17.2', '0.4.0.2042.1.2'] as const;

export interface SmartIdSettings {
  /** The RP API v3 base, e.g. https://rp-api.smart-id.com/v3 (demo: https://sid.demo.sk.ee/smart-id-rp/v3). */
  url: string;
  relyingPartyUUID: string;
  relyingPartyName: string;
  trustAnchors: crypto.X509Certificate[];
  /** The scheme name in the ACSP_V2 payload: 'smart-id' live, 'smart-id-demo' in SK's demo environment. */
  schemeName: string;
  requiredPolicies: readonly string[];
  /** Long-poll of one status request (the API's own poll answers meanwhile wait). */
  pollTimeoutMs: number;
  requestTimeoutMs: number;
}

const HASH = 'SHA3-512';
const NODE_HASH = 'sha3-512';
const SALT_LENGTH = 64;
const INTERACTIONS = Buffer.from(JSON.stringify([{ type: 'displayTextAndPIN', displayText60: 'Isikutuvastus Rendimes' }])).toString(
  'base64',
);

/**
 * Smart-ID relying-party API v3, notification-based authentication by personal code (ETSI
 * semantics identifier PNOEE-<code>), signature protocol ACSP_V2 with RSASSA-PSS.
 */
export class SmartIdClient extends RelyingPartyClient<SmartIdSettings> {
  readonly method = 'smartid' as const;

  async start(input: IdentityStartInput): Promise<IdentityStart> {
    const challenge = crypto.randomBytes(64);
    const rpChallenge = challenge.toString('base64');
    const path = `/authentication/notification/etsi/PNOEE-${input.personalCode}`;
    const fields = {
      certificateLevel: 'QUALIFIED',
      signatureProtocol: 'ACSP_V2',
      signatureProtocolParameters: { rpChallenge, signatureAlgorithm: 'rsassa-pss', signatureAlgorithmParameters: { hashAlgorithm: HASH } },
      interactions: INTERACTIONS,
      vcType: 'numeric4',
    };
    // 404: no account for the person; 471: only accounts of another level (the API spells both out).
    return startSession(this.settings, {
      path,
      fields,
      secret: rpChallenge,
      personalCode: input.personalCode,
      controlCode: smartIdControlCode(challenge),
      noAccountStatuses: [404, 471],
    });
  }

  async poll(handle: string): Promise<IdentitySessionState> {
    const polled = await pollSession(this.settings, handle, (id) => `/session/${id}`);
    if (polled.kind !== 'ended') return polled;
    const { session, secret: rpChallenge, personalCode } = polled;
    if (session.state !== 'COMPLETE') return { kind: 'complete', result: 'PROTOCOL_ERROR' };
    const endResult = asString(asRecord(session.result).endResult) ?? 'PROTOCOL_ERROR';
    if (endResult !== 'OK') return { kind: 'complete', result: endResult };
    return this.verify(session, rpChallenge, personalCode);
  }

  /** The relying party's checks before it believes an OK (RP API v3, ACSP_V2). */
  private verify(session: Record<string, unknown>, rpChallenge: string, personalCode: string): IdentitySessionState {
    const signature = asRecord(session.signature);
    const params = asRecord(signature.signatureAlgorithmParameters);
    const mgf = asRecord(params.maskGenAlgorithm);
    const certDer = asString(asRecord(session.cert).value);
    const serverRandom = asString(signature.serverRandom);
    const value = asString(signature.value);
    const interactionTypeUsed = asString(session.interactionTypeUsed);
    const wellFormed =
      session.signatureProtocol === 'ACSP_V2' &&
      signature.signatureAlgorithm === 'rsassa-pss' &&
      params.hashAlgorithm === HASH &&
      mgf.algorithm === 'id-mgf1' &&
      asRecord(mgf.parameters).hashAlgorithm === HASH &&
      params.saltLength === SALT_LENGTH &&
      signature.flowType === 'Notification' &&
      certDer &&
      serverRandom &&
      serverRandom.length >= 24 &&
      value &&
      interactionTypeUsed;
    if (!wellFormed) return { kind: 'complete', result: 'PROTOCOL_ERROR' };

    const cert = checkCertificate(Buffer.from(certDer, 'base64'), {
      trustAnchors: this.settings.trustAnchors,
      requiredPolicies: this.settings.requiredPolicies,
      personalCode,
      now: this.clock.now(),
    });
    if (!cert.ok) return { kind: 'complete', result: cert.problem };

    const payload = [
      this.settings.schemeName,
      'ACSP_V2',
      serverRandom,
      rpChallenge,
      asString(signature.userChallenge) ?? '',
      Buffer.from(this.settings.relyingPartyName, 'utf8').toString('base64'),
      '', // brokered RP name: none
      crypto.createHash('sha256').update(INTERACTIONS, 'utf8').digest('base64'),
      interactionTypeUsed,
      '', // initial callback URL: none in the notification flow
      'Notification',
    ].join('|');
    if (!verifyPss(Buffer.from(certDer, 'base64'), Buffer.from(payload, 'utf8'), Buffer.from(value, 'base64')))
      return { kind: 'complete', result: 'SIGNATURE_INVALID' };
    return { kind: 'complete', result: 'OK', subject: cert.person };
  }
}

function verifyPss(certDer: Buffer, payload: Buffer, signature: Buffer): boolean {
  try {
    const key = new crypto.X509Certificate(certDer).publicKey;
    return crypto.verify(NODE_HASH, payload, { key, padding: crypto.constants.RSA_PKCS1_PSS_PADDING, saltLength: SALT_LENGTH }, signature);
  } catch {
    return false;
  }
}
