import crypto from 'node:crypto';

/**
 * Compact JWS with HS256, the scheme Estonian bank-link providers use between merchant and
 * provider (estonia.md). Only HS256 is accepted on verify, so a token cannot pick a weaker
 * algorithm ("none") for itself.
 */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function mac(input: string, secret: string): Buffer {
  return crypto.createHmac('sha256', secret).update(input).digest();
}

export function signJwt(payload: Record<string, unknown>, secret: string, now: Date, ttlSeconds = 600): string {
  const iat = Math.floor(now.getTime() / 1000);
  const body = Buffer.from(JSON.stringify({ ...payload, iat, exp: iat + ttlSeconds })).toString('base64url');
  const input = `${HEADER}.${body}`;
  return `${input}.${mac(input, secret).toString('base64url')}`;
}

/** The payload of a valid token signed with `secret` (unexpired at `now`, when given); null for anything else. */
export function verifyJwt(token: string, secret: string, now: Date | null): Record<string, unknown> | null {
  if (typeof token !== 'string' || token.length > 8192) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, body, signature] = parts;
  let given: Buffer;
  try {
    const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown };
    if (head.alg !== 'HS256') return null;
    given = Buffer.from(signature, 'base64url');
  } catch {
    return null;
  }
  const expected = mac(`${header}.${body}`, secret);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
  const exp = (payload as { exp?: unknown }).exp;
  if (now && typeof exp === 'number' && exp * 1000 < now.getTime()) return null;
  return payload as Record<string, unknown>;
}
