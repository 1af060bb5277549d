import { KnownError, StatusError } from '../core/known-errors.ts';

/** The OAuth known errors of stack-auth.md §1.6 (spec §8), with the details clients read. */
export const oauthErrors = {
  providerNotFoundOrNotEnabled: () =>
    new KnownError(
      'OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED',
      400,
      'The OAuth provider is not found or not enabled.',
    ),
  invalidAuthorizationCode: () =>
    new KnownError(
      'INVALID_AUTHORIZATION_CODE',
      400,
      'The given authorization code is invalid, expired or already used.',
    ),
  providerAccessDenied: () =>
    new KnownError(
      'OAUTH_PROVIDER_ACCESS_DENIED',
      400,
      'The OAuth provider denied access to the user.',
    ),
  providerTemporarilyUnavailable: () =>
    new KnownError(
      'OAUTH_PROVIDER_TEMPORARILY_UNAVAILABLE',
      503,
      'The OAuth provider is temporarily unavailable. Please try again later.',
    ),
  connectionNotConnectedToUser: () =>
    new KnownError(
      'OAUTH_CONNECTION_NOT_CONNECTED_TO_USER',
      400,
      'The OAuth connection is not connected to any user.',
    ),
  connectionAlreadyConnectedToAnotherUser: () =>
    new KnownError(
      'OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER',
      409,
      'The OAuth connection is already connected to another user.',
    ),
  connectionDoesNotHaveRequiredScope: () =>
    new KnownError(
      'OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE',
      400,
      "The OAuth connection does not have the required scope. Please sign in again with the scope (the client's getConnectedAccount with or: 'redirect' asks for it).",
    ),
  accessTokenNotAvailableWithSharedKeys: () =>
    new KnownError(
      'OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS',
      400,
      'Access tokens of connected accounts need the project to set its own OAuth keys for this provider.',
    ),
  extraScopeNotAvailableWithSharedKeys: () =>
    new KnownError(
      'OAUTH_EXTRA_SCOPE_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS',
      400,
      'Extra scopes need the project to set its own OAuth keys for this provider.',
    ),
  outerOAuthTimeout: () =>
    new KnownError(
      'OUTER_OAUTH_TIMEOUT',
      408,
      'The OAuth sign-in took too long (more than an hour). Please try signing in again.',
    ),
  /** The callback's state names no sign-in begun in this browser (or its cookie was changed). */
  unknownState: () =>
    new StatusError(
      400,
      'The OAuth state does not match a sign-in begun in this browser (its cookie is missing, changed or expired). Please try signing in again.',
    ),
};
