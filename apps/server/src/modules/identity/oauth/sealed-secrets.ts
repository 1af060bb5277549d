import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const FORMAT = 'v1';

/**
 * Keys derived from the server's identity secret: one encrypts provider tokens at rest
 * (AES-256-GCM, so a changed ciphertext is refused, not misread), one signs the OAuth cookie.
 */
export class SealedSecrets {
  readonly #encryptionKey: Buffer;
  /** The HS256 key of the OAuth flow's cookie. */
  readonly signingKey: Uint8Array;

  constructor(secret: Uint8Array) {
    if (secret.byteLength < 32) throw new Error('The identity secret must be at least 32 bytes');
    const derive = (purpose: string) =>
      Buffer.from(hkdfSync('sha256', secret, new Uint8Array(0), `ipick identity ${purpose}`, 32));
    this.#encryptionKey = derive('provider token encryption');
    this.signingKey = new Uint8Array(derive('oauth cookie signing'));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#encryptionKey, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [FORMAT, iv, cipher.getAuthTag(), sealed]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  open(sealed: string): string {
    const [format, iv, tag, data] = sealed.split('.');
    if (format !== FORMAT || !iv || !tag || data === undefined) {
      throw new Error('Not a sealed provider token');
    }
    const decipher = createDecipheriv(
      'aes-256-gcm',
      this.#encryptionKey,
      Buffer.from(iv, 'base64url'),
    );
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(data, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  }
}
