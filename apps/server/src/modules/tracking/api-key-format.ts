import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIXES, type ApiKeyKind } from '@ipick/contracts';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** 32 characters of base 62: about 190 bits, beyond guessing. */
const RANDOM_LENGTH = 32;
/** How much of a key the dashboard shows: the kind's prefix and four more characters. */
const SHOWN_EXTRA = 4;

export interface MintedKey {
  key: string;
  hash: string;
  prefix: string;
  lastFour: string;
}

/** A new `pk_live_…` or `sk_live_…` key with the parts ipick keeps of it. */
export function mintApiKey(kind: ApiKeyKind): MintedKey {
  let random = '';
  while (random.length < RANDOM_LENGTH) {
    for (const byte of randomBytes(RANDOM_LENGTH * 2)) {
      // 248 = 4 × 62: dropping bytes above it keeps every character equally likely.
      if (byte < 248 && random.length < RANDOM_LENGTH) random += alphabet[byte % 62];
    }
  }
  const key = `${API_KEY_PREFIXES[kind]}${random}`;
  return {
    key,
    hash: hashApiKey(key),
    prefix: key.slice(0, API_KEY_PREFIXES[kind].length + SHOWN_EXTRA),
    lastFour: key.slice(-4),
  };
}

/** SHA-256 (hex) of a full key: keys are long random strings, so no slow hash is needed. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The kind a key's prefix claims, or null for something that is not an ipick key. */
export function kindOfApiKey(key: string): ApiKeyKind | null {
  if (key.startsWith(API_KEY_PREFIXES.publishable)) return 'publishable';
  if (key.startsWith(API_KEY_PREFIXES.secret)) return 'secret';
  return null;
}
