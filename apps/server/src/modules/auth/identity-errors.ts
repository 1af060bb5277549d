import { AppError } from '../../platform/errors.ts';
import { KnownError } from '../identity/core/known-errors.ts';

/**
 * Turns the identity service's known errors into product-API errors with wording a shopper
 * understands; anything else passes through unchanged.
 */
export function toProductError(error: unknown): unknown {
  if (!(error instanceof KnownError)) return error;
  switch (error.code) {
    case 'EMAIL_PASSWORD_MISMATCH':
      return new AppError('invalid_credentials', 'Wrong email or password.');
    case 'USER_EMAIL_ALREADY_EXISTS':
      return new AppError(
        'email_in_use',
        'An account with this email already exists. Sign in instead.',
      );
    case 'PASSWORD_TOO_SHORT':
    case 'PASSWORD_TOO_LONG':
      return new AppError('invalid_request', `password: ${error.message}`);
    case 'PASSWORD_CONFIRMATION_MISMATCH':
      return new AppError('invalid_credentials', 'Your current password is wrong.');
    case 'USER_DOES_NOT_HAVE_PASSWORD':
      return new AppError(
        'invalid_request',
        'This account has no password yet; set one with a reset link.',
      );
    case 'VERIFICATION_CODE_NOT_FOUND':
    case 'VERIFICATION_CODE_EXPIRED':
    case 'VERIFICATION_CODE_ALREADY_USED':
    case 'VERIFICATION_CODE_MAX_ATTEMPTS_REACHED':
      return new AppError('invalid_code', `This link no longer works: ${error.message}`);
    case 'EMAIL_ALREADY_VERIFIED':
      return new AppError('conflict', 'Your email is already verified.');
    case 'MULTI_FACTOR_AUTHENTICATION_REQUIRED': {
      // The password was right: the client asks for the code and finishes the sign-in on the
      // identity API (`/auth/mfa/sign-in`) with this attempt code; no session exists yet.
      const attemptCode = error.details?.attempt_code;
      return new AppError(
        'mfa_required',
        'Enter the code from your authenticator app to finish signing in.',
        typeof attemptCode === 'string' ? { details: { attemptCode } } : {},
      );
    }
    case 'SIGN_UP_NOT_ENABLED':
      return new AppError('forbidden', 'New accounts cannot be created at the moment.');
    default:
      return new AppError('invalid_request', error.message);
  }
}

/** Runs identity work, rethrowing its known errors as product errors. */
export async function asProduct<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw toProductError(error);
  }
}
