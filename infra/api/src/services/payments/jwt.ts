import { errors, jwtVerify, SignJWT } from 'jose';

/**
 * Compact JWS with HS256, the scheme Estonian bank-link providers use between merchant and
 * provider (estonia.md), through jose. Only HS256 is accepted on verify, so a token cannot pick a
 * weaker algorithm ("none") for itself.
 */
const ALG = 'HS256';

const keyOf = (secret: string) => new TextEncoder().encode(secret);

export async function signJwt(payload: Record<string, unknown>, secret: string, now: Date, ttlSeconds = 600): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT(payload)
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(keyOf(secret));
}

/** The payload of a valid token signed with `secret` (unexpired at `now`, when given); null for anything else. */
export async function verifyJwt(token: string, secret: string, now: Date | null): Promise<Record<string, unknown> | null> {
  if (typeof token !== 'string' || token.length > 8192) return null;
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: [ALG], ...(now ? { currentDate: now } : {}) });
    return payload;
  } catch (error) {
    // jose checks the signature before the claims, so an expired token's payload is a signed one:
    // without `now` its age is not judged (Montonio retries a webhook for a while).
    if (now === null && error instanceof errors.JWTExpired) return error.payload;
    return null;
  }
}
