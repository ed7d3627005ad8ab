import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JWTPayload } from 'jose';
import type { Clock } from '../../lib/clock';
import { GOOGLE_ISSUERS, googleIdentityOf, type GoogleCredentialVerifier, type GoogleIdentity } from './index';

export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
// Google rotates keys about weekly and announces them well ahead; an hour bounds how long a
// revoked key keeps working here when the answer carries no max-age.
const DEFAULT_KEYS_TTL_MS = 60 * 60 * 1000;
// Clocks of Google and ours differ a little; a token is not refused for a few seconds of drift.
const CLOCK_SKEW_S = 60;

type Fetch = (
  url: string,
) => Promise<{ ok: boolean; status: number; headers: { get(name: string): string | null }; json(): Promise<unknown> }>;

type Jwks = Parameters<typeof createLocalJWKSet>[0];

/** Only Google's RS256 signing keys are kept: a key of another kind never verifies a token here. */
function signingKeys(body: unknown): Jwks['keys'] {
  const keys = (body as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys)) return [];
  return (keys as Jwks['keys']).filter(
    (jwk) => jwk.kty === 'RSA' && typeof jwk.kid === 'string' && jwk.n && jwk.e && (!jwk.alg || jwk.alg === 'RS256'),
  );
}

/**
 * The production verifier: an RS256 signature by one of Google's published keys (JWKS, cached
 * by the answer's max-age, fetched again once for an unknown key id), issuer Google, audience our
 * client id, not expired. Any other algorithm (`none`, HS256 with the public key as secret) is
 * refused. The token and its claims are checked by jose (a maintained JOSE implementation); this
 * class keeps only the key fetching, on our clock and our fetch, so tests run against a local JWKS.
 */
export class JwksGoogleVerifier implements GoogleCredentialVerifier {
  private keys: Jwks['keys'] = [];
  private keysUntil = 0;
  private loading: Promise<void> | null = null;

  constructor(private readonly opts: { clientId: string; clock: Clock; fetch?: Fetch; jwksUrl?: string }) {}

  async verify(credential: string): Promise<GoogleIdentity | null> {
    let payload: JWTPayload;
    try {
      const { kid } = decodeProtectedHeader(credential);
      if (typeof kid !== 'string' || !(await this.hasKey(kid))) return null;
      ({ payload } = await jwtVerify(credential, createLocalJWKSet({ keys: this.keys }), {
        algorithms: ['RS256'],
        issuer: GOOGLE_ISSUERS,
        audience: this.opts.clientId,
        requiredClaims: ['exp'],
        currentDate: this.opts.clock.now(),
        clockTolerance: CLOCK_SKEW_S,
      }));
    } catch {
      return null; // not a JWT, a wrong signature, algorithm, issuer or audience, or expired
    }
    const nowS = Math.floor(this.opts.clock.now().getTime() / 1000);
    // jose checks a future `iat` only with a maximum token age; a token issued ahead of us is refused here.
    if (typeof payload.iat === 'number' && payload.iat - CLOCK_SKEW_S > nowS) return null;
    return googleIdentityOf(payload);
  }

  private async hasKey(kid: string): Promise<boolean> {
    const now = this.opts.clock.now().getTime();
    const known = () => this.keys.some((k) => k.kid === kid);
    if (now >= this.keysUntil) await this.refresh();
    else if (!known()) await this.refresh(); // a key Google has just rotated in
    return known();
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
      const keys = signingKeys(await res.json());
      const maxAge = /max-age=(\d+)/.exec(res.headers.get('cache-control') ?? '')?.[1];
      this.keys = keys;
      this.keysUntil = this.opts.clock.now().getTime() + (maxAge ? Number(maxAge) * 1000 : DEFAULT_KEYS_TTL_MS);
    } catch {
      // Google unreachable: keep the keys we have; sign-in with an unknown key fails closed.
    }
  }
}
