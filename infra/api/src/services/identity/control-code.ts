import crypto from 'node:crypto';

/**
 * Smart-ID (RP API v3): the verification code is the last 2 bytes of SHA-256(challenge) read as a
 * big-endian integer, mod 10000, zero-padded to 4 digits.
 */
export function smartIdControlCode(challenge: Buffer): string {
  const hash = crypto.createHash('sha256').update(challenge).digest();
  const value = hash.readUInt16BE(hash.length - 2) % 10000;
  return String(value).padStart(4, '0');
}

/**
 * Mobile-ID: the 6 most significant bits of the first byte of the signed hash followed by the 7
 * least significant bits of its last byte, as a 13-bit number, zero-padded to 4 digits.
 */
export function mobileIdControlCode(hash: Buffer): string {
  const value = ((hash[0] >> 2) << 7) | (hash[hash.length - 1] & 0x7f);
  return String(value).padStart(4, '0');
}

export function randomChallenge(bytes = 32): Buffer {
  return crypto.randomBytes(bytes);
}
