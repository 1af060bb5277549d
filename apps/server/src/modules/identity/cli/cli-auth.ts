import { randomUUID } from 'node:crypto';
import type { Accounts } from '../core/accounts.ts';
import type { UserRecord } from '../core/identity-repository.ts';
import { KnownError, StatusError } from '../core/known-errors.ts';
import type { IssuedSession, Sessions } from '../core/sessions.ts';
import { hashToken, randomToken } from '../core/secrets.ts';
import type { CliAuthRepository } from './cli-auth-repository.ts';

/** stack-auth.md §3.8: an attempt lives 2 hours unless the app asks otherwise, at most 24. */
export const DEFAULT_CLI_AUTH_LIFETIME_MS = 2 * 60 * 60 * 1000;
export const MAX_CLI_AUTH_LIFETIME_MS = 24 * 60 * 60 * 1000;

export type CliPollResult =
  { status: 'waiting' | 'expired' | 'used' } | { status: 'success'; refreshToken: string };

type UserLookup = Pick<Accounts, 'find'>;

const invalidLoginCode = () => new StatusError(400, 'Invalid login code or the code has expired');
const invalidRefreshToken = () => new StatusError(400, 'Invalid refresh token');
const invalidPollingCode = () =>
  new KnownError('INVALID_POLLING_CODE', 400, 'The polling code is invalid or does not exist.', {});

/**
 * CLI login (stack-auth.md §3.8). The command-line app holds the polling code and shows the login
 * code to its user, who completes it in a signed-in browser; the app's next poll then collects a
 * session of its own, once. The browser's refresh token only proves who approved: the app never
 * shares the browser's session, so signing out of one leaves the other alone.
 */
export class CliAuth {
  readonly #repository: CliAuthRepository;
  readonly #sessions: Sessions;
  readonly #accounts: UserLookup;

  constructor(repository: CliAuthRepository, sessions: Sessions, accounts: UserLookup) {
    this.#repository = repository;
    this.#sessions = sessions;
    this.#accounts = accounts;
  }

  async start(
    projectId: string,
    options: { lifetimeMs: number; anonRefreshToken?: string; ip: string | null },
  ): Promise<{ pollingCode: string; loginCode: string; expiresAt: Date }> {
    let anonUserId: string | null = null;
    if (options.anonRefreshToken !== undefined) {
      const anon = await this.#userOfRefreshToken(projectId, options.anonRefreshToken, options.ip);
      if (!anon?.isAnonymous) throw new StatusError(400, 'Invalid anon refresh token');
      anonUserId = anon.id;
    }
    const pollingCode = randomToken();
    const loginCode = randomToken();
    const expiresAt = new Date(Date.now() + options.lifetimeMs);
    await this.#repository.insert({
      id: randomUUID(),
      projectId,
      pollingCodeHash: hashToken(pollingCode),
      loginCodeHash: hashToken(loginCode),
      anonUserId,
      expiresAt,
    });
    return { pollingCode, loginCode, expiresAt };
  }

  /** What the app's poll finds; on success the attempt is used up and a new session issued. */
  async poll(projectId: string, pollingCode: string): Promise<CliPollResult> {
    const attempt = await this.#repository.findByPollingCode(projectId, hashToken(pollingCode));
    if (!attempt) throw invalidPollingCode();
    if (attempt.used_at) return { status: 'used' };
    if (attempt.expires_at.getTime() <= Date.now()) return { status: 'expired' };
    if (!attempt.user_id) return { status: 'waiting' };
    const userId = await this.#repository.collect(attempt.id);
    // Another poll collected it in between.
    if (!userId) return { status: 'used' };
    const user = await this.#accounts.find(projectId, userId);
    // The user was deleted in between; the row went with them.
    if (!user) throw invalidPollingCode();
    const session = await this.#sessions.create(user);
    return { status: 'success', refreshToken: session.refreshToken };
  }

  /**
   * The browser approves the attempt of `loginCode` for the user of `refreshToken`. A request
   * that also carries an access token must be that same user's.
   */
  async complete(
    projectId: string,
    options: {
      loginCode: string;
      refreshToken: string;
      currentUser: UserRecord | null;
      ip: string | null;
    },
  ): Promise<void> {
    const user = await this.#userOfRefreshToken(projectId, options.refreshToken, options.ip);
    if (!user || (options.currentUser && options.currentUser.id !== user.id)) {
      throw invalidRefreshToken();
    }
    const completed = await this.#repository.complete(
      projectId,
      hashToken(options.loginCode),
      user.id,
    );
    if (!completed) throw invalidLoginCode();
  }

  /** Whether the app of an open attempt had an anonymous user, for the confirm page. */
  async sessionState(projectId: string, loginCode: string): Promise<'anonymous' | 'none'> {
    const attempt = await this.#repository.findOpenByLoginCode(projectId, hashToken(loginCode));
    if (!attempt) throw invalidLoginCode();
    return attempt.anon_user_id ? 'anonymous' : 'none';
  }

  /**
   * A browser session as the app's anonymous user, so the confirm page can turn that user into
   * a full account (by signing up) instead of leaving it behind.
   */
  async claimAnonymousSession(projectId: string, loginCode: string): Promise<IssuedSession> {
    const attempt = await this.#repository.findOpenByLoginCode(projectId, hashToken(loginCode));
    if (!attempt) throw invalidLoginCode();
    const anon = attempt.anon_user_id
      ? await this.#accounts.find(projectId, attempt.anon_user_id)
      : null;
    if (!anon) throw new StatusError(400, 'No anonymous session associated with this code');
    return this.#sessions.create(anon);
  }

  async #userOfRefreshToken(
    projectId: string,
    refreshToken: string,
    ip: string | null,
  ): Promise<UserRecord | null> {
    try {
      return (await this.#sessions.resolveRefreshToken(projectId, refreshToken, ip)).user;
    } catch (error) {
      if (error instanceof KnownError && error.code === 'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED') {
        return null;
      }
      throw error;
    }
  }
}
