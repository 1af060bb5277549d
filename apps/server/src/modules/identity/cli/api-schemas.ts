import { z } from 'zod';
import { MAX_CLI_AUTH_LIFETIME_MS } from './cli-auth.ts';

/** Request bodies of the CLI login endpoints (stack-auth.md §3.8); unknown keys are refused. */
const code = z.string().trim().min(1, 'may not be empty').max(256, 'is at most 256 characters');

export const cliStartBody = z.strictObject({
  expires_in_millis: z
    .number()
    .int('must be a whole number of milliseconds')
    .positive('must be positive')
    .max(MAX_CLI_AUTH_LIFETIME_MS, `is at most ${MAX_CLI_AUTH_LIFETIME_MS} (24 hours)`)
    .optional(),
  anon_refresh_token: code.optional(),
});

export const cliPollBody = z.strictObject({ polling_code: code });

export const cliCompleteBody = z
  .strictObject({
    login_code: code,
    mode: z.enum(['check', 'claim-anon-session', 'complete']).default('complete'),
    refresh_token: code.optional(),
  })
  .refine((body) => body.mode !== 'complete' || body.refresh_token !== undefined, {
    message: 'refresh_token is required to complete a CLI login',
    path: ['refresh_token'],
  });
