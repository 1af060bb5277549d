import { z } from 'zod';

/**
 * `GET /auth/oauth/authorize/{provider}` (stack-auth.md §3.6). Unknown query parameters are
 * tolerated here, as upstream does: the clients send bot-challenge and other extras.
 */
export const authorizeQuery = z.looseObject({
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  redirect_uri: z.string().min(1),
  state: z.string().min(1),
  code_challenge: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url SHA-256 (S256) challenge of 43 characters'),
  code_challenge_method: z.literal('S256', 'must be S256'),
  response_type: z.literal('code', 'must be code').optional(),
  grant_type: z.literal('authorization_code').optional(),
  scope: z.string().optional(),
  type: z.enum(['authenticate', 'link']).default('authenticate'),
  token: z.string().optional(),
  provider_scope: z.string().optional(),
  error_redirect_url: z.string().optional(),
  error_redirect_uri: z.string().optional(),
  after_callback_redirect_url: z.string().optional(),
  stack_response_mode: z.enum(['json', 'redirect']).optional(),
  hexclave_response_mode: z.enum(['json', 'redirect']).optional(),
});

/** The provider's answer at the callback: `code` and `state`, or `error` and `state`. */
export const callbackParameters = z.looseObject({
  state: z.string().min(1, 'required'),
  code: z.string().min(1).optional(),
  error: z.string().optional(),
});

export const providerParams = z.strictObject({ provider: z.string().min(1).max(64) });

export const oauthProviderListQuery = z.strictObject({ user_id: z.string().optional() });

export const oauthProviderParams = z.strictObject({
  user_id: z.string().min(1),
  id: z.uuid(),
});

export const clientOAuthProviderUpdateBody = z.strictObject({
  allow_sign_in: z.boolean().optional(),
  allow_connected_accounts: z.boolean().optional(),
});

export const serverOAuthProviderUpdateBody = clientOAuthProviderUpdateBody.extend({
  email: z.email().nullable().optional(),
  account_id: z.string().min(1).optional(),
});

export const oauthProviderCreateBody = z.strictObject({
  user_id: z.string().min(1),
  provider_config_id: z.string().min(1),
  account_id: z.string().min(1),
  email: z.email().nullable().optional(),
  allow_sign_in: z.boolean(),
  allow_connected_accounts: z.boolean(),
});

export const connectedAccountParams = z.strictObject({
  user_id: z.string().min(1),
  provider: z.string().min(1),
  account_id: z.string().min(1).optional(),
});

export const accessTokenBody = z.strictObject({ scope: z.string().optional() });

export const userIdParams = z.strictObject({ user_id: z.string().min(1) });
