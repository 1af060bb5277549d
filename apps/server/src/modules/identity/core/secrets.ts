import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const BASE32_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * A random token of `length` lower-case base32 characters (5 bits each): 45 characters carry
 * 225 bits, the size of the refresh tokens and codes of stack-auth.md §2.3.
 */
export function randomToken(length = 45): string {
  const bytes = randomBytes(length);
  let token = '';
  for (const byte of bytes) token += BASE32_ALPHABET[byte & 31];
  return token;
}

/** Tokens are looked up by this hash, so a database leak does not leak usable tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
