import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The identity secret's length: 256 bits, the AES-256 and HS256 key size. */
const SECRET_BYTES = 32;
export const IDENTITY_SECRET_FILE = 'identity-secret';

/**
 * The server's identity secret, which encrypts OAuth provider tokens at rest and signs the
 * OAuth flow's cookie. It comes from IPICK_IDENTITY_SECRET (base64, 32 bytes or more) or, on
 * first start without it, is generated into the data directory (readable by its owner only) and
 * read from there on every later start, so stored tokens stay readable across restarts.
 */
export async function loadIdentitySecret(options: {
  fromEnvironment: string | null;
  dataDir: string;
}): Promise<Uint8Array> {
  if (options.fromEnvironment !== null) return decodeIdentitySecret(options.fromEnvironment)!;
  const file = join(options.dataDir, IDENTITY_SECRET_FILE);
  await mkdir(options.dataDir, { recursive: true });
  try {
    // `wx`: of two processes starting on a fresh directory, one writes and both read its key.
    await writeFile(file, `${randomBytes(SECRET_BYTES).toString('base64')}\n`, {
      flag: 'wx',
      mode: 0o600,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = decodeIdentitySecret((await readFile(file, 'utf8')).trim());
  if (!secret) throw new Error(`${file} does not hold a base64 secret of 32 bytes or more`);
  return secret;
}

/** A base64 (or base64url) secret of at least 32 bytes, or null. */
export function decodeIdentitySecret(value: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) return null;
  const bytes = Buffer.from(value, 'base64');
  return bytes.byteLength >= SECRET_BYTES ? new Uint8Array(bytes) : null;
}
