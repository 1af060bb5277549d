import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Signs and checks the token of an alert's emailed unsubscribe link, so it works without
 * signing in and cannot be made for another shopper's alert: `<alert id>.<HMAC-SHA256>`.
 * The secret is made once per installation and kept in the database (every process shares it).
 */
export class UnsubscribeTokens {
  readonly #loadSecret: (candidate: string) => Promise<string>;
  #secret: Promise<Buffer> | null = null;

  constructor(loadSecret: (candidate: string) => Promise<string>) {
    this.#loadSecret = loadSecret;
  }

  async sign(alertId: string): Promise<string> {
    return `${alertId}.${await this.#signature(alertId)}`;
  }

  /** The alert id of a genuine token, or null. */
  async verify(token: string): Promise<string | null> {
    const dot = token.indexOf('.');
    if (dot <= 0) return null;
    const alertId = token.slice(0, dot);
    if (!/^[0-9a-f-]{36}$/i.test(alertId)) return null;
    const expected = Buffer.from(await this.#signature(alertId));
    const given = Buffer.from(token.slice(dot + 1));
    return expected.length === given.length && timingSafeEqual(expected, given) ? alertId : null;
  }

  async #signature(alertId: string): Promise<string> {
    return createHmac('sha256', await this.#key())
      .update(`price-alert-unsubscribe:${alertId.toLowerCase()}`)
      .digest('base64url');
  }

  #key(): Promise<Buffer> {
    if (!this.#secret) {
      const secret = this.#loadSecret(randomBytes(32).toString('base64url')).then((value) =>
        Buffer.from(value, 'base64url'),
      );
      secret.catch(() => {
        if (this.#secret === secret) this.#secret = null;
      });
      this.#secret = secret;
    }
    return this.#secret;
  }
}
