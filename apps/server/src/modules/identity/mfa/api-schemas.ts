import { z } from 'zod';

/** The body of POST /auth/mfa/sign-in (stack-auth.md §3.3); unknown keys are refused. */
export const mfaSignInBody = z.strictObject({
  type: z.literal('totp', 'must be "totp"'),
  totp: z.string().regex(/^\d{6}$/, 'must be the 6 digits of the authenticator app'),
  code: z.string().trim().min(1, 'may not be empty').max(256, 'is at most 256 characters'),
});
