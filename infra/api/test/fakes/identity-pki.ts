import crypto from 'node:crypto';
import * as x509 from '@peculiar/x509';

// Fixture certificates made at test time: a CA the API trusts, one it does not, and person
// certificates shaped like SK's (serialNumber PNOEE-<code>, C=EE, GN, SN, policy OIDs).
x509.cryptoProvider.set(crypto.webcrypto as never);

type CryptoKeyPair = crypto.webcrypto.CryptoKeyPair;

const EC = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const RSA = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 } as const;
const DAY = 24 * 60 * 60 * 1000;

export interface TestCa {
  pem: string;
  name: string;
  keys: CryptoKeyPair;
}

export interface PersonCert {
  der: Buffer;
  privateKey: crypto.KeyObject;
}

let serial = 1;

export async function makeCa(name: string, now = new Date()): Promise<TestCa> {
  const keys = (await crypto.webcrypto.subtle.generateKey(EC, true, ['sign', 'verify'])) as CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: String(serial++).padStart(2, '0'),
    name: `C=EE, O=Rendime test, CN=${name}`,
    notBefore: new Date(now.getTime() - 365 * DAY),
    notAfter: new Date(now.getTime() + 3650 * DAY),
    keys,
    signingAlgorithm: EC,
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
    ],
  });
  return { pem: cert.toString('pem'), name: `C=EE, O=Rendime test, CN=${name}`, keys };
}

export async function makePersonCert(
  ca: TestCa,
  person: {
    personalCode: string;
    now: Date;
    givenName?: string;
    surname?: string;
    country?: string;
    notBefore?: Date;
    notAfter?: Date;
    policies?: string[];
  },
): Promise<PersonCert> {
  const keys = (await crypto.webcrypto.subtle.generateKey(RSA, true, ['sign', 'verify'])) as CryptoKeyPair;
  const now = person.now.getTime();
  const subject = new x509.Name([
    { '2.5.4.6': [person.country ?? 'EE'] },
    { '2.5.4.3': [`${person.surname ?? 'TESTNUMBER'},${person.givenName ?? 'OK'},${person.personalCode}`] },
    { '2.5.4.4': [person.surname ?? 'TESTNUMBER'] },
    { '2.5.4.42': [person.givenName ?? 'OK'] },
    { '2.5.4.5': [`PNOEE-${person.personalCode}`] },
  ]);
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: String(serial++).padStart(2, '0'),
    subject,
    issuer: ca.name,
    notBefore: person.notBefore ?? new Date(now - 30 * DAY),
    notAfter: person.notAfter ?? new Date(now + 365 * DAY),
    publicKey: keys.publicKey,
    signingKey: ca.keys.privateKey,
    signingAlgorithm: EC,
    extensions: [
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.CertificatePolicyExtension(person.policies ?? ['1.3.6.1.4.1.10015.17.2', '0.4.0.2042.1.2']),
    ],
  });
  return { der: Buffer.from(cert.rawData), privateKey: crypto.KeyObject.from(keys.privateKey) };
}

/** A complete identity block of the environment (env.ts), both providers trusting `anchorPem`. */
export function identityEnv(anchorPem: string, urls: { smartId?: string; mobileId?: string } = {}): Record<string, string> {
  return {
    SMART_ID_URL: urls.smartId ?? 'https://rp-api.smart-id.com/v3',
    SMART_ID_RP_UUID: '00000000-0000-4000-8000-000000000000',
    SMART_ID_RP_NAME: 'Rendime',
    SMART_ID_TRUST_ANCHORS: anchorPem,
    MOBILE_ID_URL: urls.mobileId ?? 'https://mid.sk.ee/mid-api',
    MOBILE_ID_RP_UUID: '00000000-0000-4000-8000-000000000001',
    MOBILE_ID_RP_NAME: 'Rendime',
    MOBILE_ID_TRUST_ANCHORS: anchorPem,
  };
}
