import { z } from 'zod';

/**
 * The identity API's answers that `identity-sign-in.ts` reads. A module of their own, loaded
 * with the first call, so that the validation library is no part of a sign-in or
 * account-settings page's first load.
 */

export const accessSchema = z.object({
  projectId: z.string(),
  publishableClientKey: z.string(),
  accessToken: z.string().nullable().optional(),
});

export const knownErrorSchema = z.object({
  code: z.string(),
  error: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});

export const tokensSchema = z.object({ refresh_token: z.string() });

export const projectSchema = z.object({
  config: z.object({
    passkey_enabled: z.boolean(),
    enabled_oauth_providers: z.array(z.object({ id: z.string() })),
  }),
});

export const locationSchema = z.object({ location: z.string() });

export const ceremonySchema = z.object({
  options_json: z.object({ rpId: z.string().optional() }).passthrough(),
  code: z.string(),
});

export const registrationSchema = z.object({
  options_json: z.object({ rp: z.object({ id: z.string() }).passthrough() }).passthrough(),
  code: z.string(),
});

export const registeredSchema = z.object({ user_handle: z.string() });

export const passkeyListSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      created_at_millis: z.number(),
      last_used_at_millis: z.number().nullable(),
    }),
  ),
});

export const successSchema = z.object({ success: z.literal(true) });
