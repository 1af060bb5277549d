import type { UserRecord } from './identity-repository.ts';
import { knownErrors, StatusError } from './known-errors.ts';
import type { IdentityRequestContext } from './request-context.ts';

/** Helpers every capability's routes share. */

export const success = { success: true } as const;

/**
 * The user of the request's access token, for endpoints whose request shape includes a user
 * (changing a password, verifying one's email): without one the request does not fit that
 * shape, so it is a SCHEMA_ERROR, as Stack Auth answers, rather than a missing-user error.
 */
export function requireUserInRequest(ctx: IdentityRequestContext): UserRecord {
  if (!ctx.user) {
    throw knownErrors.schemaError(
      'auth.user: this endpoint needs a signed-in user (send x-stack-access-token).',
    );
  }
  return ctx.user;
}

/** The user of the request's access token; CANNOT_GET_OWN_USER_WITHOUT_USER without one. */
export function requireUser(ctx: IdentityRequestContext): UserRecord {
  if (!ctx.user) throw knownErrors.cannotGetOwnUserWithoutUser();
  return ctx.user;
}

/**
 * The user id a request names (`me` or an id). A client may only name itself: another id is
 * refused with 403, as upstream does, so nothing about other users leaks.
 */
export function resolveUserId(
  ctx: IdentityRequestContext,
  userId: string,
  what = 'this resource',
): string {
  if (userId === 'me') return requireUser(ctx).id;
  if (ctx.accessType === 'client' && userId !== ctx.user?.id) {
    throw new StatusError(
      403,
      `Client can only access ${what} of their own user; user_id must be "me" or the current user's id.`,
    );
  }
  return userId;
}
