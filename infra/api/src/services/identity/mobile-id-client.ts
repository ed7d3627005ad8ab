import crypto from 'node:crypto';
import { checkCertificate } from './certificate-check';
import { mobileIdControlCode } from './control-code';
import type { IdentitySessionState, IdentityStart, IdentityStartInput } from './provider';
import { asRecord, asString, pollSession, RelyingPartyClient, startSession } from './provider-http';

export interface MobileIdSettings {
  /** The MID REST API base, e.g. https://mid.sk.ee/mid-api (demo: https://tsp.demo.sk.ee/mid-api). */
  url: string;
  relyingPartyUUID: string;
  relyingPartyName: string;
  trustAnchors: crypto.X509Certificate[];
  requiredPolicies: readonly string[];
  pollTimeoutMs: number;
  requestTimeoutMs: number;
}

// The signature algorithms an authentication with hashType SHA256 may come back with (MID API 3.3.5).
const ALGORITHMS: Readonly<Record<string, 'ec' | 'rsa'>> = { SHA256WithECEncryption: 'ec', SHA256WithRSAEncryption: 'rsa' };

/**
 * Mobile-ID REST API authentication: a random hash to sign, the verification code from the hash,
 * POST /authentication, long-poll GET /authentication/session/{id}?timeoutMs=, then the checks of
 * section 3.3.6 (signature over our hash with the returned certificate, the certificate trusted and
 * valid, the subject the person who started).
 */
export class MobileIdClient extends RelyingPartyClient<MobileIdSettings> {
  readonly method = 'mobile' as const;

  async start(input: IdentityStartInput): Promise<IdentityStart> {
    const data = crypto.randomBytes(32);
    const hash = crypto.createHash('sha256').update(data).digest();
    const fields = {
      phoneNumber: input.phoneNumber ?? '',
      nationalIdentityNumber: input.personalCode,
      hash: hash.toString('base64'),
      hashType: 'SHA256',
      language: 'EST',
      displayText: 'Rendime',
      displayTextFormat: 'GSM-7',
    };
    return startSession(this.settings, {
      path: '/authentication',
      fields,
      secret: data.toString('base64'),
      personalCode: input.personalCode,
      controlCode: mobileIdControlCode(hash),
    });
  }

  async poll(handle: string): Promise<IdentitySessionState> {
    const polled = await pollSession(this.settings, handle, (id) => `/authentication/session/${id}`);
    if (polled.kind !== 'ended') return polled;
    const { session, secret: data, personalCode } = polled;
    const result = session.state === 'COMPLETE' ? asString(session.result) : undefined;
    if (!result) return { kind: 'complete', result: 'PROTOCOL_ERROR' };
    if (result !== 'OK') return { kind: 'complete', result };

    const signature = asRecord(session.signature);
    const certB64 = asString(session.cert);
    const value = asString(signature.value);
    const kind = ALGORITHMS[asString(signature.algorithm) ?? ''];
    if (!certB64 || !value || !kind) return { kind: 'complete', result: 'PROTOCOL_ERROR' };
    const der = Buffer.from(certB64, 'base64');
    const cert = checkCertificate(der, {
      trustAnchors: this.settings.trustAnchors,
      requiredPolicies: this.settings.requiredPolicies,
      personalCode,
      now: this.clock.now(),
    });
    if (!cert.ok) return { kind: 'complete', result: cert.problem };
    if (!verifySignature(der, kind, Buffer.from(data, 'base64'), Buffer.from(value, 'base64')))
      return { kind: 'complete', result: 'SIGNATURE_INVALID' };
    return { kind: 'complete', result: 'OK', subject: cert.person };
  }
}

/** EC signatures come as the plain r||s pair, RSA ones as PKCS#1 v1.5, both over SHA-256 of our data. */
function verifySignature(certDer: Buffer, kind: 'ec' | 'rsa', data: Buffer, signature: Buffer): boolean {
  try {
    const key = new crypto.X509Certificate(certDer).publicKey;
    if (key.asymmetricKeyType !== (kind === 'ec' ? 'ec' : 'rsa')) return false;
    return crypto.verify('sha256', data, kind === 'ec' ? { key, dsaEncoding: 'ieee-p1363' } : key, signature);
  } catch {
    return false;
  }
}
