import { z } from 'zod';

/**
 * The identity API's answers that account settings reads: a module of its own, loaded with
 * the first call, so the validation library is no part of the page's first load.
 */

export const channelSchema = z.object({
  id: z.string(),
  value: z.string(),
  is_primary: z.boolean(),
  is_verified: z.boolean(),
  used_for_auth: z.boolean(),
});
export const channelListSchema = z.object({ items: z.array(channelSchema) });

export const teamSchema = z.object({
  id: z.string(),
  display_name: z.string(),
  // ipick marks a business's staff team so pages can tell it from teams apps make.
  client_read_only_metadata: z.unknown().optional(),
});
export const teamListSchema = z.object({ items: z.array(teamSchema) });

export const projectSchema = z.object({
  config: z.object({ allow_user_api_keys: z.boolean() }),
});

export const keySchema = z.object({
  id: z.string(),
  description: z.string(),
  created_at_millis: z.number(),
  manually_revoked_at_millis: z.number().optional(),
  expires_at_millis: z.number().optional(),
  value: z.union([z.string(), z.object({ last_four: z.string() })]),
});
export const keyListSchema = z.object({ items: z.array(keySchema) });

/** An answer whose body nothing reads. */
export const anything = z.unknown();

/** The signed-in user's two-factor state, from `GET /users/me`. */
export const twoFactorUserSchema = z.object({ requires_totp_mfa: z.boolean() });

/** `POST /auth/mfa/recovery-codes`: the new codes, shown once. */
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
