import { randomUUID } from 'node:crypto';
import type { VerificationPurpose } from '../../../platform/db/schema.ts';
import type { IdentityRepository, VerificationCodeRecord } from './identity-repository.ts';
import { knownErrors, type KnownError } from './known-errors.ts';
import { hashToken, randomToken } from './secrets.ts';

/** Wrong guesses allowed per code before it stops working (stack-auth.md §3.2). */
export const MAX_CODE_ATTEMPTS = 20;

const CODE_LENGTH = 45;
const OTP_LENGTH = 6;

export interface IssuedCode {
  /** The whole code, sent in links: `callback_url?code=<code>`. */
  code: string;
  /** The code without its first six characters; with the six-character one-time password typed by hand it makes the whole code again. */
  nonce: string;
  /** The first six characters, upper-cased, for typing in. */
  oneTimePassword: string;
}

/**
 * Single-use codes for email verification, password reset and sign-in links. Only hashes are
 * stored; a code is found by its nonce so that wrong guesses against it can be counted.
 */
export class VerificationCodes {
  readonly #repository: IdentityRepository;

  constructor(repository: IdentityRepository) {
    this.#repository = repository;
  }

  async issue(options: {
    projectId: string;
    purpose: VerificationPurpose;
    userId: string | null;
    email: string | null;
    lifetimeMs: number;
    data?: Record<string, unknown>;
  }): Promise<IssuedCode> {
    const code = randomToken(CODE_LENGTH);
    const nonce = code.slice(OTP_LENGTH);
    await this.#repository.insertVerificationCode({
      id: randomUUID(),
      projectId: options.projectId,
      purpose: options.purpose,
      codeHash: hashToken(code),
      nonceHash: hashToken(nonce),
      userId: options.userId,
      email: options.email,
      data: options.data ?? {},
      expiresAt: new Date(Date.now() + options.lifetimeMs),
    });
    return { code, nonce, oneTimePassword: code.slice(0, OTP_LENGTH).toUpperCase() };
  }

  /**
   * Checks a code and, unless `peek`, uses it up. A wrong code for a known nonce counts as an
   * attempt, committed even though the call fails.
   *
   * With `useUpAllOfUser` the user's other codes for `purpose` are used up with it, and two of
   * them redeemed at the same moment cannot both succeed: the user's row is locked before the
   * code's, so such redeems take turns (and cannot deadlock on each other's codes).
   */
  async redeem(
    projectId: string,
    purpose: VerificationPurpose,
    submitted: string,
    options: { peek?: boolean; useUpAllOfUser?: boolean } = {},
  ): Promise<VerificationCodeRecord> {
    const code = submitted.trim().toLowerCase();
    if (code.length !== CODE_LENGTH) throw knownErrors.verificationCodeNotFound();
    const nonceHash = hashToken(code.slice(OTP_LENGTH));
    const outcome = await this.#repository.transaction(
      async (repository): Promise<VerificationCodeRecord | KnownError> => {
        if (options.useUpAllOfUser) {
          await repository.lockUserOfVerificationCode(projectId, purpose, nonceHash);
        }
        const row = await repository.findVerificationCodeForUpdate(projectId, purpose, nonceHash);
        if (!row) return knownErrors.verificationCodeNotFound();
        if (row.attempt_count >= MAX_CODE_ATTEMPTS)
          return knownErrors.verificationCodeMaxAttemptsReached();
        if (row.code_hash !== hashToken(code)) {
          await repository.countVerificationAttempt(row.id);
          return knownErrors.verificationCodeNotFound();
        }
        if (row.used_at) return knownErrors.verificationCodeAlreadyUsed();
        if (row.expires_at.getTime() <= Date.now()) return knownErrors.verificationCodeExpired();
        if (options.peek) return row;
        if (options.useUpAllOfUser && row.user_id) {
          await repository.markVerificationCodesOfUserUsed(projectId, row.user_id, purpose);
        } else {
          await repository.markVerificationCodeUsed(row.id);
        }
        return row;
      },
    );
    if (outcome instanceof Error) throw outcome;
    return outcome;
  }

  /**
   * Uses up every outstanding code of a user for `purpose`, e.g. all reset links once the
   * password has changed: an older link must not change it again.
   */
  async useUpAllOf(projectId: string, userId: string, purpose: VerificationPurpose): Promise<void> {
    await this.#repository.markVerificationCodesOfUserUsed(projectId, userId, purpose);
  }
}
