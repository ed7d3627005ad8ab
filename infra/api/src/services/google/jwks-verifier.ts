import crypto from 'node:crypto';
import type { Clock } from '../../lib/clock';
import type { GoogleCredentialVerifier, GoogleIdentity } from './index';

export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
const ISSUERS = new Set(['https://accounts.google.com', 'accounts.google.com']);
// Google rotates keys about weekly and announces them well ahead; an hour bounds how long a
// revoked key keeps working here when the answer carries no max-age.
const DEFAULT_KEYS_TTL_MS = 60 * 60 * 1000;
// Clocks of Google and ours differ a little; a token is not refused for a few seconds of drift.
const CLOCK_SKEW_S = 60;

type Fetch = (url: string) => Promise<{ ok: boolean; status: number; headers: { get(name: string): string | null }; json(): Promise<unknown> }>;

interface Jwk {
  kid?: string;
  kty?: string;
  alg?: string;
  n?: string;
  e?: string;
}

function decodeJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The production verifier: an RS256 signature by one of Google's published keys (JWKS, cached
 * by the answer's max-age, fetched again once for an unknown key id), issuer Google, audience our
 * client id, not expired. Any other algorithm (`none`, HS256 with the public key as secret) is refused.
 */
export class JwksGoogleVerifier implements GoogleCredentialVerifier {
  private keys = new Map<string, crypto.KeyObject>();
  private keysUntil = 0;
  private loading: Promise<void> | null = null;

  constructor(
    private readonly opts: { clientId: string; clock: Clock; fetch?: Fetch; jwksUrl?: string },
  ) {}

  async verify(credential: string): Promise<GoogleIdentity | null> {
    const parts = credential.split('.');
    if (parts.length !== 3 || parts[2] === '') return null;
    const header = decodeJson(parts[0]);
    const payload = decodeJson(parts[1]);
    if (!header || !payload || header.alg !== 'RS256' || typeof header.kid !== 'string') return null;
    const key = await this.key(header.kid);
    if (!key) return null;
    const signature = Buffer.from(parts[2], 'base64url');
    if (!crypto.verify('RSA-SHA256', Buffer.from(`${parts[0]}.${parts[1]}`), key, signature)) return null;

    const { iss, aud, sub, email, exp } = payload;
    const nowS = Math.floor(this.opts.clock.now().getTime() / 1000);
    if (typeof iss !== 'string' || !ISSUERS.has(iss)) return null;
    if (aud !== this.opts.clientId) return null;
    if (typeof exp !== 'number' || exp + CLOCK_SKEW_S <= nowS) return null;
    if (typeof payload.iat === 'number' && payload.iat - CLOCK_SKEW_S > nowS) return null;
    if (typeof sub !== 'string' || sub === '' || typeof email !== 'string' || !email.includes('@')) return null;
    return {
      sub,
      email: email.trim().toLowerCase(),
      emailVerified: payload.email_verified === true,
      givenName: typeof payload.given_name === 'string' ? payload.given_name : undefined,
      familyName: typeof payload.family_name === 'string' ? payload.family_name : undefined,
    };
  }

  private async key(kid: string): Promise<crypto.KeyObject | null> {
    const now = this.opts.clock.now().getTime();
    if (now >= this.keysUntil) await this.refresh();
    else if (!this.keys.has(kid)) await this.refresh(); // a key Google has just rotated in
    return this.keys.get(kid) ?? null;
  }

  private async refresh(): Promise<void> {
    // Concurrent sign-ins share one fetch.
    this.loading ??= this.load().finally(() => {
      this.loading = null;
    });
    await this.loading;
  }

  private async load(): Promise<void> {
    const doFetch: Fetch = this.opts.fetch ?? ((url) => fetch(url, { signal: AbortSignal.timeout(5_000) }));
    try {
      const res = await doFetch(this.opts.jwksUrl ?? GOOGLE_JWKS_URL);
      if (!res.ok) return;
      const body = (await res.json()) as { keys?: Jwk[] };
      const keys = new Map<string, crypto.KeyObject>();
      for (const jwk of body.keys ?? []) {
        if (jwk.kty !== 'RSA' || !jwk.kid || !jwk.n || !jwk.e || (jwk.alg && jwk.alg !== 'RS256')) continue;
        keys.set(jwk.kid, crypto.createPublicKey({ key: { kty: 'RSA', n: jwk.n, e: jwk.e }, format: 'jwk' }));
      }
      const maxAge = /max-age=(\d+)/.exec(res.headers.get('cache-control') ?? '')?.[1];
      this.keys = keys;
      this.keysUntil = this.opts.clock.now().getTime() + (maxAge ? Number(maxAge) * 1000 : DEFAULT_KEYS_TTL_MS);
    } catch {
      // Google unreachable: keep the keys we have; sign-in with an unknown key fails closed.
    }
  }
}
