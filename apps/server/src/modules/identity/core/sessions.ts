import { randomUUID } from 'node:crypto';
import type { AccessTokens } from './access-tokens.ts';
import type { IdentityRepository, SessionRecord, UserRecord } from './identity-repository.ts';
import { knownErrors } from './known-errors.ts';
import { hashToken, randomToken } from './secrets.ts';

/** Spec §9: default server session length 31,536,000,000 ms (one year). */
export const DEFAULT_SESSION_LIFETIME_MS = 31_536_000_000;
/** Server-created sessions may ask for up to 367 days (stack-auth.md §2.3). */
export const MAX_SESSION_LIFETIME_MS = 367 * 24 * 60 * 60 * 1000;

export interface IssuedSession {
  sessionId: string;
  refreshToken: string;
  accessToken: string;
}

/**
 * Sessions: a refresh token (stored hashed, revocable) plus short-lived access tokens minted
 * from it. Refresh tokens are not rotated, as the identity API contract expects.
 */
export class Sessions {
  readonly #repository: IdentityRepository;
  readonly #tokens: AccessTokens;

  constructor(repository: IdentityRepository, tokens: AccessTokens) {
    this.#repository = repository;
    this.#tokens = tokens;
  }

  async create(
    user: UserRecord,
    options: { lifetimeMs?: number; isImpersonation?: boolean; ip?: string | null } = {},
  ): Promise<IssuedSession> {
    const sessionId = randomUUID();
    const refreshToken = randomToken();
    await this.#repository.insertSession({
      id: sessionId,
      projectId: user.projectId,
      userId: user.id,
      refreshTokenHash: hashToken(refreshToken),
      expiresAt: new Date(Date.now() + (options.lifetimeMs ?? DEFAULT_SESSION_LIFETIME_MS)),
      isImpersonation: options.isImpersonation ?? false,
      ip: options.ip ?? null,
    });
    await this.#repository.touchUserActivity(user.id);
    return { sessionId, refreshToken, accessToken: await this.mintAccessToken(user, sessionId) };
  }

  mintAccessToken(user: UserRecord, sessionId: string): Promise<string> {
    return this.#tokens.sign(user.projectId, {
      userId: user.id,
      sessionId,
      displayName: user.displayName,
      email: user.primaryEmail,
      emailVerified: user.primaryEmailVerified,
      selectedTeamId: user.selectedTeamId,
      signedUpAt: user.signedUpAt,
      isAnonymous: user.isAnonymous,
      restrictedByAdmin: user.restrictedByAdmin,
      requiresTotpMfa: user.requiresTotpMfa,
    });
  }

  /** The live session of a refresh token and its user, or REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED. */
  async resolveRefreshToken(
    projectId: string,
    refreshToken: string,
    ip: string | null,
  ): Promise<{ session: SessionRecord; user: UserRecord }> {
    const session = await this.#repository.findLiveSessionByTokenHash(
      projectId,
      hashToken(refreshToken),
    );
    const user = session ? await this.#repository.findUser(projectId, session.user_id) : null;
    if (!session || !user) throw knownErrors.refreshTokenNotFoundOrExpired();
    await this.#repository.touchSession(session.id, ip);
    return { session, user };
  }

  /** A fresh access token for a refresh token (the refresh grant of stack-auth.md §2.4). */
  async refresh(projectId: string, refreshToken: string, ip: string | null): Promise<string> {
    const { session, user } = await this.resolveRefreshToken(projectId, refreshToken, ip);
    await this.#repository.touchUserActivity(user.id);
    return this.mintAccessToken(user, session.id);
  }

  listLive(projectId: string, userId: string): Promise<SessionRecord[]> {
    return this.#repository.listLiveSessions(projectId, userId);
  }

  /** Ends one session; false when it did not exist (or belongs to someone else). */
  end(projectId: string, sessionId: string, userId?: string): Promise<boolean> {
    return this.#repository.deleteSession(projectId, sessionId, userId);
  }

  /** Ends all of a user's sessions but `keepSessionId` (e.g. after a password change). */
  endAllOf(userId: string, keepSessionId: string | null): Promise<void> {
    return this.#repository.deleteSessionsOfUser(userId, keepSessionId);
  }
}
