import type { RestrictedReason } from './user-presenter.ts';

/**
 * Errors of the identity API in the Stack Auth "known error" form (stack-auth.md §1.5, §1.6):
 * body `{ code, error, details? }`, header `x-stack-known-error: <code>`. Clients rebuild their
 * error objects from `details`, so each code carries exactly the detail keys clients expect.
 * Only codes from the clients' table may be sent; an unknown code makes them throw.
 */
export class KnownError extends Error {
  readonly code: string;
  readonly status: number;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: string, status: number, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'KnownError';
    this.code = code;
    this.status = status;
    this.details = details;
  }
}

/**
 * An error upstream answers as plain text with its status and no known-error code (its
 * `StatusError`), for cases the clients' table has no code for.
 */
export class StatusError extends Error {
  readonly statusCode: number;

  constructor(statusCode: number, message: string) {
    super(message);
    this.name = 'StatusError';
    this.statusCode = statusCode;
  }
}

const known = (code: string, status: number, message: string, details?: Record<string, unknown>) =>
  new KnownError(code, status, message, details);

export const knownErrors = {
  bodyParsingError: (message: string) => known('BODY_PARSING_ERROR', 400, message),
  schemaError: (message: string) => known('SCHEMA_ERROR', 400, message, { message }),

  projectKeyWithoutAccessType: () =>
    known(
      'PROJECT_KEY_WITHOUT_ACCESS_TYPE',
      400,
      'A project key was sent without an access type header.',
    ),
  invalidAccessType: (accessType: string) =>
    known(
      'INVALID_ACCESS_TYPE',
      400,
      `The access type header must be client, server or admin, not "${accessType}".`,
      { accessType },
    ),
  accessTypeWithoutProjectId: (accessType: string) =>
    known(
      'ACCESS_TYPE_WITHOUT_PROJECT_ID',
      400,
      'The project id header (x-stack-project-id) is missing.',
      { request_type: accessType },
    ),
  accessTypeRequired: () =>
    known(
      'ACCESS_TYPE_REQUIRED',
      400,
      'This endpoint needs an access type header (x-stack-access-type: client, server or admin).',
    ),
  insufficientAccessType: (actual: string, allowed: string[]) =>
    known(
      'INSUFFICIENT_ACCESS_TYPE',
      401,
      `This endpoint needs ${allowed.join(' or ')} access; the request has ${actual} access.`,
      { actual_access_type: actual, allowed_access_types: allowed },
    ),
  invalidPublishableClientKey: (projectId: string) =>
    known(
      'INVALID_PUBLISHABLE_CLIENT_KEY',
      401,
      'The publishable client key is not valid for this project.',
      {
        project_id: projectId,
      },
    ),
  invalidSecretServerKey: (projectId: string) =>
    known(
      'INVALID_SECRET_SERVER_KEY',
      401,
      'The secret server key is not valid for this project.',
      {
        project_id: projectId,
      },
    ),
  invalidSuperSecretAdminKey: (projectId: string) =>
    known('INVALID_SUPER_SECRET_ADMIN_KEY', 401, 'The admin key is not valid for this project.', {
      project_id: projectId,
    }),
  publishableClientKeyRequired: (projectId: string) =>
    known(
      'PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT',
      401,
      'Client requests to this project need a publishable client key.',
      { project_id: projectId },
    ),
  serverAuthenticationRequired: () =>
    known('SERVER_AUTHENTICATION_REQUIRED', 401, 'Server access needs the secret server key.'),
  adminAuthenticationRequired: () =>
    known('ADMIN_AUTHENTICATION_REQUIRED', 401, 'Admin access needs the super secret admin key.'),
  expectedInternalProject: () =>
    known('EXPECTED_INTERNAL_PROJECT', 401, 'The project ID is expected to be internal.'),
  unparsableAdminAccessToken: () =>
    known('UNPARSABLE_ADMIN_ACCESS_TOKEN', 401, 'Admin access token is not parsable.'),
  adminAccessTokenExpired: (expiredAtMillis: number | null) =>
    known(
      'ADMIN_ACCESS_TOKEN_EXPIRED',
      401,
      'Admin access token has expired. Please refresh it and try again.',
      { expired_at_millis: expiredAtMillis },
    ),
  adminAccessTokenIsNotAdmin: () =>
    known(
      'ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN',
      401,
      'Admin access token does not have the required permissions to access this project.',
    ),
  anonymousAccountsNotEnabled: () =>
    known(
      'ANONYMOUS_ACCOUNTS_NOT_ENABLED',
      400,
      'Anonymous accounts are not enabled for this project.',
    ),
  currentProjectNotFound: (projectId: string) =>
    known('CURRENT_PROJECT_NOT_FOUND', 400, `There is no project with id "${projectId}".`, {
      project_id: projectId,
    }),

  branchDoesNotExist: (branchId: string) =>
    known(
      'BRANCH_DOES_NOT_EXIST',
      400,
      `There is no branch "${branchId}"; the only one is "main".`,
      {
        branch_id: branchId,
      },
    ),

  anonymousAuthenticationNotAllowed: () =>
    known(
      'ANONYMOUS_AUTHENTICATION_NOT_ALLOWED',
      401,
      'The access token belongs to an anonymous user, and this request does not allow them (x-stack-allow-anonymous-user: true).',
    ),
  restrictedUserNotAllowed: (reason: RestrictedReason) =>
    known(
      'RESTRICTED_USER_NOT_ALLOWED',
      403,
      reason.type === 'restricted_by_administrator'
        ? 'An administrator has restricted this user, and this request does not allow restricted users (x-stack-allow-restricted-user: true).'
        : 'This user is restricted, and this request does not allow restricted users (x-stack-allow-restricted-user: true).',
      { restricted_reason: reason },
    ),
  unparsableAccessToken: () =>
    known('UNPARSABLE_ACCESS_TOKEN', 401, 'The access token is not valid.'),
  accessTokenExpired: (details: {
    expiredAtMillis: number;
    projectId: string;
    userId: string;
    refreshTokenId: string | null;
  }) =>
    known('ACCESS_TOKEN_EXPIRED', 401, 'The access token has expired; refresh it.', {
      expired_at_millis: details.expiredAtMillis,
      project_id: details.projectId,
      user_id: details.userId,
      refresh_token_id: details.refreshTokenId,
    }),
  invalidProjectForAccessToken: (expected: string, actual: string) =>
    known('INVALID_PROJECT_FOR_ACCESS_TOKEN', 401, 'The access token belongs to another project.', {
      expected_project_id: expected,
      actual_project_id: actual,
    }),
  refreshTokenNotFoundOrExpired: () =>
    known('REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED', 401, 'The session has ended; sign in again.'),
  cannotDeleteCurrentSession: () =>
    known('CANNOT_DELETE_CURRENT_SESSION', 400, 'Sign out to end the current session.'),
  userAuthenticationRequired: () =>
    known('USER_AUTHENTICATION_REQUIRED', 401, 'This endpoint needs a signed-in user.'),
  cannotGetOwnUserWithoutUser: () =>
    known('CANNOT_GET_OWN_USER_WITHOUT_USER', 400, 'There is no signed-in user to read.'),

  /** `wouldWorkIfEmailWasVerified`: the account exists but its owner never proved the email. */
  userEmailAlreadyExists: (email: string, wouldWorkIfEmailWasVerified = false) =>
    known(
      'USER_EMAIL_ALREADY_EXISTS',
      409,
      wouldWorkIfEmailWasVerified
        ? 'An account with this email already exists, and its email is not verified yet. Sign in with its password, or reset the password.'
        : 'An account with this email already exists.',
      { email, would_work_if_email_was_verified: wouldWorkIfEmailWasVerified },
    ),
  userIdDoesNotExist: (userId: string) =>
    known('USER_ID_DOES_NOT_EXIST', 400, `There is no user with id "${userId}".`, {
      user_id: userId,
    }),
  userNotFound: () => known('USER_NOT_FOUND', 404, 'User not found.'),
  signUpNotEnabled: () =>
    known('SIGN_UP_NOT_ENABLED', 400, 'Sign-up is not enabled for this project.'),
  passwordAuthenticationNotEnabled: () =>
    known(
      'PASSWORD_AUTHENTICATION_NOT_ENABLED',
      400,
      'Password sign-in is not enabled for this project.',
    ),
  emailPasswordMismatch: () => known('EMAIL_PASSWORD_MISMATCH', 400, 'Wrong email or password.'),
  redirectUrlNotWhitelisted: () =>
    known(
      'REDIRECT_URL_NOT_WHITELISTED',
      400,
      'The redirect URL is not trusted; it should be relative or on a trusted domain.',
    ),
  passwordTooShort: (minLength: number) =>
    known('PASSWORD_TOO_SHORT', 400, `The password must be at least ${minLength} characters.`, {
      min_length: minLength,
    }),
  passwordTooLong: (maxLength: number) =>
    // `maxLength` is camelCase in the clients' table, unlike every other detail key.
    known('PASSWORD_TOO_LONG', 400, `The password must be at most ${maxLength} characters.`, {
      maxLength,
    }),
  userDoesNotHavePassword: () =>
    known('USER_DOES_NOT_HAVE_PASSWORD', 400, 'This account has no password; set one instead.'),
  passwordConfirmationMismatch: () =>
    known('PASSWORD_CONFIRMATION_MISMATCH', 400, 'The current password is wrong.'),

  verificationCodeNotFound: () =>
    known('VERIFICATION_CODE_NOT_FOUND', 404, 'The code is not valid. Ask for a new one.'),
  verificationCodeExpired: () =>
    known('VERIFICATION_CODE_EXPIRED', 400, 'The code has expired. Ask for a new one.'),
  verificationCodeAlreadyUsed: () =>
    known(
      'VERIFICATION_CODE_ALREADY_USED',
      409,
      'The code has already been used. Ask for a new one.',
    ),
  verificationCodeMaxAttemptsReached: () =>
    known(
      'VERIFICATION_CODE_MAX_ATTEMPTS_REACHED',
      400,
      'Too many wrong attempts for this code. Ask for a new one.',
    ),
  emailAlreadyVerified: () =>
    known('EMAIL_ALREADY_VERIFIED', 409, 'This email is already verified.'),
  teamNotFound: (teamId: string) =>
    known('TEAM_NOT_FOUND', 404, `There is no team with id "${teamId}".`, { team_id: teamId }),
  teamMembershipNotFound: (teamId: string, userId: string) =>
    known('TEAM_MEMBERSHIP_NOT_FOUND', 404, `User ${userId} is not found in team ${teamId}.`, {
      team_id: teamId,
      user_id: userId,
    }),
  teamMembershipAlreadyExists: () =>
    known('TEAM_MEMBERSHIP_ALREADY_EXISTS', 409, 'Team membership already exists.'),
  teamPermissionRequired: (teamId: string, userId: string, permissionId: string) =>
    known(
      'TEAM_PERMISSION_REQUIRED',
      401,
      `User ${userId} does not have permission ${permissionId} in team ${teamId}.`,
      { team_id: teamId, user_id: userId, permission_id: permissionId },
    ),
  teamPermissionNotFound: (teamId: string, userId: string, permissionId: string) =>
    known(
      'TEAM_PERMISSION_NOT_FOUND',
      401,
      `User ${userId} does not have permission ${permissionId} in team ${teamId}.`,
      { team_id: teamId, user_id: userId, permission_id: permissionId },
    ),
  projectPermissionRequired: (userId: string, permissionId: string) =>
    known(
      'PROJECT_PERMISSION_REQUIRED',
      401,
      `User ${userId} does not have permission ${permissionId}.`,
      {
        user_id: userId,
        permission_id: permissionId,
      },
    ),
  permissionNotFound: (permissionId: string) =>
    known('PERMISSION_NOT_FOUND', 404, `Permission "${permissionId}" not found.`, {
      permission_id: permissionId,
    }),
  wrongPermissionScope: (permissionId: string, expectedScope: string, actualScope: string) =>
    known(
      'WRONG_PERMISSION_SCOPE',
      404,
      `Permission ${JSON.stringify(permissionId)} not found. (It was found for a different scope ${JSON.stringify(actualScope)}, but scope ${JSON.stringify(expectedScope)} was expected.)`,
      { permission_id: permissionId, expected_scope: expectedScope, actual_scope: actualScope },
    ),
  teamInvitationEmailMismatch: () =>
    known(
      'TEAM_INVITATION_EMAIL_MISMATCH',
      403,
      'This team invitation was sent to a different email address. Sign in with the invited email, or add and verify that email on your account, then try again.',
    ),
  teamInvitationRestrictedUserNotAllowed: (reason: RestrictedReason) =>
    known(
      'TEAM_INVITATION_RESTRICTED_USER_NOT_ALLOWED',
      403,
      `Restricted users cannot accept team invitations. Reason: ${reason.type}.`,
      { restricted_reason: reason },
    ),
  contactChannelAlreadyUsedForAuthBySomeoneElse: (value: string) =>
    known(
      'CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE',
      409,
      `This email "(${value})" is already used for authentication by another account.`,
      { type: 'email', contact_channel_value: value, would_work_if_email_was_verified: false },
    ),
  apiKeyNotFound: () => known('API_KEY_NOT_FOUND', 404, 'API key not found.'),
  apiKeyRevoked: () => known('API_KEY_REVOKED', 401, 'API key has been revoked.'),
  apiKeyExpired: () => known('API_KEY_EXPIRED', 401, 'API key has expired.'),
  wrongApiKeyType: (expectedType: string, actualType: string) =>
    known(
      'WRONG_API_KEY_TYPE',
      400,
      `This endpoint is for ${expectedType} API keys, but a ${actualType} API key was provided.`,
      { expected_type: expectedType, actual_type: actualType },
    ),
  invalidOAuthClientIdOrSecret: (clientId: string) =>
    known('INVALID_OAUTH_CLIENT_ID_OR_SECRET', 400, 'The client id or client secret is wrong.', {
      client_id: clientId,
    }),
};
