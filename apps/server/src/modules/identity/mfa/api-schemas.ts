import { z } from 'zod';

/** The body of POST /auth/mfa/sign-in (stack-auth.md §3.3); unknown keys are refused. */
export const mfaSignInBody = z.strictObject({
  type: z.literal('totp', 'must be "totp"'),
  totp: z.string().regex(/^\d{6}$/, 'must be the 6 digits of the authenticator app'),
  code: z.string().trim().min(1, 'may not be empty').max(256, 'is at most 256 characters'),
});

/**
 * POST /auth/mfa/sign-in with a recovery code instead of a TOTP code: `type: 'recovery_code'`,
 * an ipick extension beside Stack Auth's `totp` (whose shape is unchanged).
 */
export const mfaRecoverySignInBody = z.strictObject({
  type: z.literal('recovery_code'),
  recovery_code: z.string().trim().min(1, 'may not be empty').max(64, 'is at most 64 characters'),
  code: z.string().trim().min(1, 'may not be empty').max(256, 'is at most 256 characters'),
});

/** POST /auth/mfa/recovery-codes takes an empty object. */
export const emptyBody = z.strictObject({});
