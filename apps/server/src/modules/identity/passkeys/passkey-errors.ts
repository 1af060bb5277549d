import { KnownError } from '../core/known-errors.ts';

/** The passkey known errors of stack-auth.md §1.6 (spec §8). */
export const passkeyErrors = {
  passkeyAuthenticationNotEnabled: () =>
    new KnownError(
      'PASSKEY_AUTHENTICATION_NOT_ENABLED',
      400,
      'Passkey authentication is not enabled for this project.',
    ),
  registrationFailed: (why: string) =>
    new KnownError('PASSKEY_REGISTRATION_FAILED', 400, `Passkey registration failed: ${why}`),
  authenticationFailed: (why: string) =>
    new KnownError('PASSKEY_AUTHENTICATION_FAILED', 400, `Passkey authentication failed: ${why}`),
};
