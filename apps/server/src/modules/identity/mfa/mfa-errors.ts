import { KnownError } from '../core/known-errors.ts';

/** The two-factor known errors of stack-auth.md §1.6 (spec §8), with the details clients read. */
export const mfaErrors = {
  multiFactorAuthenticationRequired: (attemptCode: string) =>
    new KnownError(
      'MULTI_FACTOR_AUTHENTICATION_REQUIRED',
      400,
      'Multi-factor authentication is required for this user.',
      { attempt_code: attemptCode },
    ),
  invalidTotpCode: () =>
    new KnownError('INVALID_TOTP_CODE', 400, 'The TOTP code is invalid. Please try again.'),
  // ipick extensions (recovery codes); Stack Auth's clients never see them.
  invalidRecoveryCode: () =>
    new KnownError(
      'INVALID_RECOVERY_CODE',
      400,
      'The recovery code is invalid or has already been used.',
    ),
  totpNotEnabled: () =>
    new KnownError(
      'TOTP_NOT_ENABLED',
      400,
      'Turn on two-factor sign-in before creating recovery codes.',
    ),
};
