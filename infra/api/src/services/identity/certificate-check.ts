import crypto from 'node:crypto';
import { CertificatePolicyExtension, X509Certificate as PeculiarCertificate } from '@peculiar/x509';

/** Why a provider's certificate is not trusted; each is a result code with its own Estonian message. */
export type CertificateProblem = 'CERT_UNTRUSTED' | 'CERT_EXPIRED' | 'CERT_POLICY' | 'SUBJECT_MISMATCH';

export interface CertificateExpectations {
  /** The issuing CAs the relying party trusts (SK's intermediate CA certificates, PEM). */
  trustAnchors: readonly crypto.X509Certificate[];
  /** Every one of these policy OIDs must be in the certificate (empty: no policy demanded). */
  requiredPolicies: readonly string[];
  /** The person who started: the certificate must name them (country EE). */
  personalCode: string;
  now: Date;
}

export interface CertifiedPerson {
  personalCode: string;
  givenName: string;
  surname: string;
}

/** Every certificate in a PEM text (one or several concatenated blocks). */
export function parsePemBundle(pem: string): crypto.X509Certificate[] {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  return blocks.map((block) => new crypto.X509Certificate(block));
}

function subjectField(subject: string, name: string): string | undefined {
  const line = subject.split('\n').find((l) => l.startsWith(`${name}=`));
  return line?.slice(name.length + 1);
}

function policiesOf(der: Buffer): string[] {
  const ext = new PeculiarCertificate(new Uint8Array(der)).getExtension(CertificatePolicyExtension);
  return ext ? [...ext.policies] : [];
}

function within(cert: crypto.X509Certificate, now: Date): boolean {
  return new Date(cert.validFrom).getTime() <= now.getTime() && now.getTime() <= new Date(cert.validTo).getTime();
}

/**
 * The relying party's checks on the certificate a provider returned: issued (and signed) by a
 * configured anchor that is itself valid, within its validity period, carrying the required
 * policies, and naming the person who started (serialNumber PNOEE-<code> or the bare code, C=EE).
 */
export function checkCertificate(
  der: Buffer,
  expected: CertificateExpectations,
): { ok: true; person: CertifiedPerson } | { ok: false; problem: CertificateProblem } {
  let cert: crypto.X509Certificate;
  try {
    cert = new crypto.X509Certificate(der);
  } catch {
    return { ok: false, problem: 'CERT_UNTRUSTED' };
  }
  const issuer = expected.trustAnchors.find((anchor) => cert.checkIssued(anchor) && cert.verify(anchor.publicKey));
  if (!issuer) return { ok: false, problem: 'CERT_UNTRUSTED' };
  if (!within(cert, expected.now) || !within(issuer, expected.now)) return { ok: false, problem: 'CERT_EXPIRED' };
  if (expected.requiredPolicies.length > 0) {
    const policies = policiesOf(der);
    if (!expected.requiredPolicies.every((oid) => policies.includes(oid))) return { ok: false, problem: 'CERT_POLICY' };
  }
  const serial = subjectField(cert.subject, 'serialNumber') ?? '';
  const personalCode = serial.replace(/^PNOEE-/, '');
  if (subjectField(cert.subject, 'C') !== 'EE' || personalCode !== expected.personalCode) return { ok: false, problem: 'SUBJECT_MISMATCH' };
  return {
    ok: true,
    person: { personalCode, givenName: subjectField(cert.subject, 'GN') ?? '', surname: subjectField(cert.subject, 'SN') ?? '' },
  };
}
