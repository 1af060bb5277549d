import { createHash, randomUUID } from 'node:crypto';
import { verify } from 'otplib';
import type { Accounts } from '../core/accounts.ts';
import type { ProjectRecord, UserRecord } from '../core/identity-repository.ts';
import { knownErrors } from '../core/known-errors.ts';
import { hashToken, randomToken } from '../core/secrets.ts';
import type { IssuedSession, Sessions } from '../core/sessions.ts';
import { mfaErrors } from './mfa-errors.ts';
import type { MfaRepository } from './mfa-repository.ts';

/** stack-auth.md §3.3: the attempt code of a sign-in that needs a second factor lives 5 minutes. */
export const MFA_ATTEMPT_LIFETIME_MS = 5 * 60 * 1000;
/** One 30-second step either side of now, for clocks that drift and codes typed slowly. */
const TOTP_TOLERANCE_SECONDS = 30;

/** How many recovery codes one set has, and each one's random characters (5 bits each). */
export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_CODE_CHARS = 16;

/** A recovery code as typed: case, spaces and dashes do not matter. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]+/g, '');
}

function fingerprintOf(secret: Uint8Array): string {
  return createHash('sha256').update(secret).digest('hex');
}

/**
 * Two-factor sign-in with TOTP (RFC 6238: 30-second steps, 6 digits, SHA-1, as authenticator
 * apps and the Stack clients use). A user with a TOTP secret who proves the first factor gets
 * MULTI_FACTOR_AUTHENTICATION_REQUIRED with an attempt code instead of a session; the attempt
 * code and a current TOTP code then sign them in. Each code is accepted once.
 */
export class Mfa {
  readonly #repository: MfaRepository;
  readonly #sessions: Sessions;
  readonly #accounts: Pick<Accounts, 'find'>;

  constructor(repository: MfaRepository, sessions: Sessions, accounts: Pick<Accounts, 'find'>) {
    this.#repository = repository;
    this.#sessions = sessions;
    this.#accounts = accounts;
  }

  /** The check every sign-in runs (Accounts.beforeSignIn). */
  async requireSecondFactor(project: ProjectRecord, user: UserRecord): Promise<void> {
    if (!user.requiresTotpMfa) return;
    const attemptCode = randomToken();
    await this.#repository.insertAttempt({
      id: randomUUID(),
      projectId: project.id,
      userId: user.id,
      codeHash: hashToken(attemptCode),
      expiresAt: new Date(Date.now() + MFA_ATTEMPT_LIFETIME_MS),
    });
    throw mfaErrors.multiFactorAuthenticationRequired(attemptCode);
  }

  /** Whose sign-in an attempt code continues, so wrong TOTP codes count against that account. */
  async userOfAttempt(attemptCode: string): Promise<string | null> {
    return (await this.#repository.findAttempt(hashToken(attemptCode)))?.user_id ?? null;
  }

  /**
   * The live attempt of an attempt code, its user and their TOTP secret; user or secret is null
   * when two-factor was turned off (or the user deleted) since the attempt began.
   */
  async #openAttempt(projectId: string, attemptCode: string) {
    const attempt = await this.#repository.findAttempt(hashToken(attemptCode));
    if (!attempt || attempt.project_id !== projectId) throw knownErrors.verificationCodeNotFound();
    if (attempt.used_at) throw knownErrors.verificationCodeAlreadyUsed();
    if (attempt.expires_at.getTime() <= Date.now()) throw knownErrors.verificationCodeExpired();
    const user = await this.#accounts.find(projectId, attempt.user_id);
    const secret = user ? await this.#repository.findTotpSecret(user.id) : null;
    return { attempt, user, secret };
  }

  /** Completes a sign-in with its attempt code and a TOTP code. */
  async signIn(
    projectId: string,
    input: { attemptCode: string; totp: string; ip: string | null },
  ): Promise<IssuedSession & { user: UserRecord }> {
    const { attempt, user, secret } = await this.#openAttempt(projectId, input.attemptCode);
    // Two-factor sign-in was turned off (or the user deleted) since the attempt began.
    if (!user || !secret) throw mfaErrors.invalidTotpCode();
    const lastStep = await this.#repository.findLastTimeStep(user.id);
    const result = await verify({
      secret,
      token: input.totp,
      epochTolerance: TOTP_TOLERANCE_SECONDS,
      ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
    });
    // A TOTP match carries its time step (the functional API's type also covers HOTP's).
    if (!result.valid || !('timeStep' in result)) throw mfaErrors.invalidTotpCode();
    const outcome = await this.#repository.completeAttempt(attempt.id, user.id, result.timeStep);
    if (outcome === 'used') throw knownErrors.verificationCodeAlreadyUsed();
    if (outcome === 'replayed') throw mfaErrors.invalidTotpCode();
    const session = await this.#sessions.create(user, { ip: input.ip });
    return { ...session, user };
  }

  /**
   * A new set of single-use recovery codes for a user with two-factor on, replacing any earlier
   * set (an ipick extension). Only their SHA-256 is kept: the codes are shown this once.
   */
  async createRecoveryCodes(user: UserRecord): Promise<string[]> {
    const secret = await this.#repository.findTotpSecret(user.id);
    if (!secret) throw mfaErrors.totpNotEnabled();
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () =>
      randomToken(RECOVERY_CODE_CHARS),
    );
    await this.#repository.replaceRecoveryCodes(
      user.id,
      fingerprintOf(secret),
      codes.map((code) => ({ id: randomUUID(), codeHash: hashToken(code) })),
    );
    return codes.map((code) => code.match(/.{4}/g)!.join('-'));
  }

  /** How many unused recovery codes the user has for their current secret (0 without one). */
  async unusedRecoveryCodes(user: UserRecord): Promise<number> {
    const secret = await this.#repository.findTotpSecret(user.id);
    if (!secret) return 0;
    return this.#repository.countUnusedRecoveryCodes(user.id, fingerprintOf(secret));
  }

  /** Completes a sign-in with its attempt code and one of the user's recovery codes. */
  async signInWithRecoveryCode(
    projectId: string,
    input: { attemptCode: string; recoveryCode: string; ip: string | null },
  ): Promise<IssuedSession & { user: UserRecord }> {
    const { attempt, user, secret } = await this.#openAttempt(projectId, input.attemptCode);
    if (!user || !secret) throw mfaErrors.invalidRecoveryCode();
    const outcome = await this.#repository.completeAttemptWithRecoveryCode(
      attempt.id,
      user.id,
      hashToken(normalizeRecoveryCode(input.recoveryCode)),
      fingerprintOf(secret),
    );
    if (outcome === 'used') throw knownErrors.verificationCodeAlreadyUsed();
    if (outcome === 'wrong') throw mfaErrors.invalidRecoveryCode();
    const session = await this.#sessions.create(user, { ip: input.ip });
    return { ...session, user };
  }
}
