/**
 * RFC 6238 TOTP in the browser (30-second steps, 6 digits, HMAC-SHA-1, as authenticator apps and
 * the identity API use), so two-factor setup can check the first code against the new secret
 * before saving it. WebCrypto does the HMAC; nothing here leaves the page.
 */

const STEP_SECONDS = 30;
const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommended length). */
export function newTotpSecret(): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(20));
}

/** RFC 4648 base32 without padding: what authenticator apps take typed in or in a QR code. */
export function toBase32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** The `otpauth://` address a QR code carries to the authenticator app. */
export function otpauthUri(secret: Uint8Array, accountName: string, issuer = 'ipick'): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(accountName)}`;
  const query = new URLSearchParams({
    secret: toBase32(secret),
    issuer,
    algorithm: 'SHA1',
    digits: '6',
    period: String(STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}

/** The 6-digit code of one time step. */
export async function totpCode(
  secret: Uint8Array<ArrayBuffer>,
  timeStep: number,
  digits = 6,
): Promise<string> {
  const key = await crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-1' }, false, [
    'sign',
  ]);
  const counter = new Uint8Array(8);
  let rest = timeStep;
  for (let index = 7; index >= 0; index -= 1) {
    counter[index] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, counter));
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary =
    ((mac[offset]! & 0x7f) << 24) |
    (mac[offset + 1]! << 16) |
    (mac[offset + 2]! << 8) |
    mac[offset + 3]!;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/**
 * Whether the code matches the secret now or one step either side (clocks drift, people type
 * slowly), as the identity API accepts it at sign-in.
 */
export async function matchesTotp(
  secret: Uint8Array<ArrayBuffer>,
  code: string,
  nowMs = Date.now(),
): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const step = Math.floor(nowMs / 1000 / STEP_SECONDS);
  for (const candidate of [step, step - 1, step + 1]) {
    if ((await totpCode(secret, candidate)) === code) return true;
  }
  return false;
}
