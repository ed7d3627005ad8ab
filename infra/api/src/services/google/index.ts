import { UnsecuredJWT, type JWTPayload } from 'jose';
import type { Clock } from '../../lib/clock';

/** What the platform needs from a Google ID token once it is verified. */
export interface GoogleIdentity {
  /** Google's stable account id. */
  sub: string;
  email: string;
  emailVerified: boolean;
  givenName?: string;
  familyName?: string;
}

/**
 * Verifies the `credential` (an ID token) the Google sign-in button hands to the page. Production
 * plugs in a verifier that checks the RS256 signature against Google's published keys, the issuer,
 * the audience (our client id) and the expiry; the sandbox below checks everything but the signature.
 */
export interface GoogleCredentialVerifier {
  /** The identity, or null when the credential is not acceptable. */
  verify(credential: string): Promise<GoogleIdentity | null>;
}

export const SANDBOX_GOOGLE_CLIENT_ID = 'rendime-sandbox.apps.googleusercontent.com';
/** The issuers of Google ID tokens (both spellings Google uses). */
export const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

/** The identity in a verified token's claims: null without an account id or an e-mail address. */
export function googleIdentityOf(payload: JWTPayload): GoogleIdentity | null {
  const { sub, email } = payload;
  if (typeof sub !== 'string' || sub === '' || typeof email !== 'string' || !email.includes('@')) return null;
  return {
    sub,
    email: email.trim().toLowerCase(),
    emailVerified: payload.email_verified === true,
    givenName: typeof payload.given_name === 'string' ? payload.given_name : undefined,
    familyName: typeof payload.family_name === 'string' ? payload.family_name : undefined,
  };
}

/**
 * Sandbox verifier for local use and tests: accepts an UNSIGNED JWT (`alg: none`, empty signature
 * part), i.e. `base64url(header) + '.' + base64url(payload) + '.'`, whose payload has
 * `iss` https://accounts.google.com, `aud` SANDBOX_GOOGLE_CLIENT_ID, `sub`, `email`,
 * `email_verified: true`, optional `given_name`/`family_name`, and `exp` (seconds) in the future.
 * `makeSandboxGoogleCredential` builds one. Never configure this verifier in production.
 */
export class SandboxGoogleVerifier implements GoogleCredentialVerifier {
  constructor(
    private readonly clock: Clock,
    private readonly clientId = SANDBOX_GOOGLE_CLIENT_ID,
  ) {}

  async verify(credential: string): Promise<GoogleIdentity | null> {
    try {
      const { payload } = UnsecuredJWT.decode(credential, {
        issuer: GOOGLE_ISSUERS,
        audience: this.clientId,
        requiredClaims: ['exp'],
        currentDate: this.clock.now(),
      });
      return googleIdentityOf(payload);
    } catch {
      return null; // signed (not the sandbox's), another issuer or audience, expired, or not a JWT
    }
  }
}

/** Builds a credential the sandbox verifier accepts (tests, the local sandbox sign-in). */
export function makeSandboxGoogleCredential(
  claims: { email: string; sub?: string; givenName?: string; familyName?: string; emailVerified?: boolean; expSeconds?: number },
  now: Date = new Date(),
): string {
  const enc = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${enc({ alg: 'none', typ: 'JWT' })}.${enc({
    iss: 'https://accounts.google.com',
    aud: SANDBOX_GOOGLE_CLIENT_ID,
    sub: claims.sub ?? `sandbox-${claims.email}`,
    email: claims.email,
    email_verified: claims.emailVerified ?? true,
    given_name: claims.givenName,
    family_name: claims.familyName,
    exp: claims.expSeconds ?? Math.floor(now.getTime() / 1000) + 3600,
  })}.`;
}
