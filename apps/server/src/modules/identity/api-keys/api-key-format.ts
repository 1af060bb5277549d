import { crc32 } from 'node:zlib';
import { randomToken } from '../core/secrets.ts';

export type ApiKeyOwnerType = 'user' | 'team';

/**
 * ipick's user and team API keys: `ipick_<sk|pk>_<user|team>_<45 base32 characters>_<crc32>`.
 * The fixed prefix lets credential scanners recognise a leaked key, the CRC-32 of everything
 * before it lets them (and us) drop mistyped strings without a database look-up, and the 45
 * random characters carry 225 bits.
 */
const KEY_PATTERN = /^ipick_(sk|pk)_(user|team)_([a-z2-7]{45})_([0-9a-f]{8})$/;

const checksum = (body: string) => crc32(body).toString(16).padStart(8, '0');

export function newApiKey(type: ApiKeyOwnerType, isPublic: boolean): string {
  const body = `ipick_${isPublic ? 'pk' : 'sk'}_${type}_${randomToken(45)}`;
  return `${body}_${checksum(body)}`;
}

/** The owner type a well-formed key names, or null for a string that is no key of ours. */
export function parseApiKey(key: string): { type: ApiKeyOwnerType } | null {
  const match = KEY_PATTERN.exec(key);
  if (!match) return null;
  const body = key.slice(0, key.lastIndexOf('_'));
  if (checksum(body) !== match[4]) return null;
  return { type: match[2] as ApiKeyOwnerType };
}
