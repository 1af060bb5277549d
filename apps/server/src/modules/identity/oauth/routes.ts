import type { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseIdentityInput } from '../core/api-errors.ts';
import type { IdentityCore } from '../core/identity-core.ts';
import { KnownError, knownErrors } from '../core/known-errors.ts';
import {
  clientOrHigher,
  requireAccess,
  resolveRequestContext,
  serverOrHigher,
  type IdentityRequestContext,
} from '../core/request-context.ts';
import { resolveUserId, success } from '../core/route-helpers.ts';
import { resolveTrustedUrl } from '../core/trusted-urls.ts';
import {
  accessTokenBody,
  authorizeQuery,
  callbackParameters,
  clientOAuthProviderUpdateBody,
  connectedAccountParams,
  oauthProviderCreateBody,
  oauthProviderListQuery,
  oauthProviderParams,
  providerParams,
  serverOAuthProviderUpdateBody,
  userIdParams,
} from './api-schemas.ts';
import { OAUTH_COOKIE_LIFETIME_SECONDS, type OAuthFlow } from './oauth-flow-cookie.ts';
import { presentOAuthAccount, type OAuth } from './oauth.ts';

interface OAuthRoutesOptions {
  identity: IdentityCore & { oauth: OAuth };
}

/** The SDK's stand-in secret of clients without a publishable key (stack-auth.md §2.4). */
const PUBLIC_CLIENT_SECRET = '__stack_public_client__';

/**
 * OAuth sign-in (stack-auth.md §3.6): authorize, the provider's callback, and the user's OAuth
 * accounts and connected-account tokens. The token exchange is on the core's token endpoint.
 */
export async function oauthRoutes(app: FastifyInstance, { identity }: OAuthRoutesOptions) {
  const { oauth } = identity;
  const { publicUrl } = oauth;
  const context = (request: FastifyRequest) => resolveRequestContext(request, identity);
  const isSecure = publicUrl.startsWith('https:');
  // Cross-site: the provider's redirect is a top-level GET (Lax sends the cookie) or, for Apple,
  // a form POST, which only SameSite=None (and so Secure) lets through.
  const cookieOptions = {
    path: '/api/v1/auth/oauth/callback',
    httpOnly: true,
    secure: isSecure,
    sameSite: isSecure ? ('none' as const) : ('lax' as const),
  };
  const tierOf = (ctx: IdentityRequestContext) =>
    ctx.accessType === 'client' ? 'client' : 'server';

  // ---- the outer flow ----

  app.get('/auth/oauth/authorize/:provider', async (request, reply) => {
    const { provider } = parseIdentityInput(providerParams, request.params, 'params');
    const query = parseIdentityInput(authorizeQuery, request.query, 'query');
    const project = await identity.projects.find(query.client_id);
    if (!project) throw knownErrors.invalidOAuthClientIdOrSecret(query.client_id);
    if (
      query.client_secret !== PUBLIC_CLIENT_SECRET &&
      !(await identity.projects.isValidKey(
        project.id,
        'publishable_client_key',
        query.client_secret,
      ))
    ) {
      throw knownErrors.invalidOAuthClientIdOrSecret(query.client_id);
    }
    const trusted = (url: string) => resolveTrustedUrl(url, project.config, publicUrl);
    const redirectUri = trusted(query.redirect_uri);
    const errorRedirect = query.error_redirect_url ?? query.error_redirect_uri;
    const errorRedirectUrl = errorRedirect ? trusted(errorRedirect) : null;
    const afterCallback = query.after_callback_redirect_url
      ? trusted(query.after_callback_redirect_url).href
      : null;
    let linkUser = null;
    if (query.type === 'link') {
      if (!query.token) {
        throw knownErrors.schemaError('query.token: required to link an account (type=link)');
      }
      const verified = await identity.tokens.verify(project.id, query.token);
      linkUser = await identity.accounts.require(project.id, verified.userId);
    }
    const started = await oauth.authorize(project, {
      providerId: provider,
      redirectUri,
      state: query.state,
      codeChallenge: query.code_challenge,
      type: query.type,
      linkUser,
      providerScope: query.provider_scope ?? null,
      errorRedirectUrl,
      afterCallbackRedirectUrl: afterCallback,
    });
    reply.setCookie(started.cookieName, started.cookieValue, {
      ...cookieOptions,
      maxAge: OAUTH_COOKIE_LIFETIME_SECONDS,
    });
    if ((query.stack_response_mode ?? query.hexclave_response_mode) === 'json') {
      return { location: started.location };
    }
    return reply.redirect(started.location, 307);
  });

  async function callback(request: FastifyRequest, reply: FastifyReply, raw: unknown) {
    const { provider } = parseIdentityInput(providerParams, request.params, 'params');
    const parameters = parseIdentityInput(callbackParameters, raw, 'query');
    if (!parameters.code && !parameters.error)
      throw knownErrors.schemaError('query.code: required');
    const flow = await oauth.openFlow(request.cookies, parameters.state);
    reply.clearCookie(`stack-oauth-inner-${parameters.state}`, cookieOptions);
    const project = await identity.projects.find(flow.projectId);
    if (!project || flow.providerId !== provider)
      throw knownErrors.invalidOAuthClientIdOrSecret(flow.projectId);
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(parameters)) {
      if (typeof value === 'string') search.set(key, value);
    }
    try {
      const redirect = await oauth.completeCallback(project, flow, search);
      return reply.redirect(redirect.href, 303);
    } catch (error) {
      if (!(error instanceof KnownError)) throw error;
      return reply.redirect(errorRedirectOf(flow, error).href, 303);
    }
  }

  app.get('/auth/oauth/callback/:provider', (request, reply) =>
    callback(request, reply, request.query),
  );
  // Apple (response_mode=form_post) posts its answer as a form.
  app.post('/auth/oauth/callback/:provider', (request, reply) =>
    callback(request, reply, request.body),
  );

  // ---- the user's OAuth accounts ----

  app.get('/oauth-providers', async (request) => {
    const ctx = requireAccess(await context(request), clientOrHigher);
    const query = parseIdentityInput(oauthProviderListQuery, request.query, 'query');
    const userId = resolveUserId(ctx, query.user_id ?? 'me', 'OAuth providers');
    const rows = await oauth.listAccounts(ctx.project.id, userId);
    return { items: rows.map((row) => presentOAuthAccount(row, tierOf(ctx))), is_paginated: false };
  });

  app.post('/oauth-providers', async (request, reply) => {
    const ctx = requireAccess(await context(request), serverOrHigher);
    const body = parseIdentityInput(oauthProviderCreateBody, request.body, 'body');
    const row = await oauth.createAccount(ctx.project, {
      userId: resolveUserId(ctx, body.user_id),
      providerConfigId: body.provider_config_id,
      accountId: body.account_id,
      email: body.email ?? null,
      allowSignIn: body.allow_sign_in,
      allowConnectedAccounts: body.allow_connected_accounts,
    });
    return reply.code(201).send(presentOAuthAccount(row, 'server'));
  });

  const accountOf = async (request: FastifyRequest) => {
    const ctx = requireAccess(await context(request), clientOrHigher);
    const params = parseIdentityInput(oauthProviderParams, request.params, 'params');
    const userId = resolveUserId(ctx, params.user_id, 'OAuth providers');
    return { ctx, row: await oauth.requireAccount(ctx.project.id, userId, params.id) };
  };

  app.get('/oauth-providers/:user_id/:id', async (request) => {
    const { ctx, row } = await accountOf(request);
    return presentOAuthAccount(row, tierOf(ctx));
  });

  app.patch('/oauth-providers/:user_id/:id', async (request) => {
    const { ctx, row } = await accountOf(request);
    // A client may only choose what its account is used for; the server may also fix it.
    const body: z.infer<typeof serverOAuthProviderUpdateBody> =
      ctx.accessType === 'client'
        ? parseIdentityInput(clientOAuthProviderUpdateBody, request.body, 'body')
        : parseIdentityInput(serverOAuthProviderUpdateBody, request.body, 'body');
    const updated = await oauth.updateAccount(row, {
      allowSignIn: body.allow_sign_in,
      allowConnectedAccounts: body.allow_connected_accounts,
      email: body.email,
      accountId: body.account_id,
    });
    return presentOAuthAccount(updated, tierOf(ctx));
  });

  app.delete('/oauth-providers/:user_id/:id', async (request) => {
    const { row } = await accountOf(request);
    await oauth.deleteAccount(row);
    return success;
  });

  // ---- connected accounts ----

  app.get('/connected-accounts/:user_id', async (request) => {
    const ctx = requireAccess(await context(request), clientOrHigher);
    const params = parseIdentityInput(userIdParams, request.params, 'params');
    const userId = resolveUserId(ctx, params.user_id, 'connected accounts');
    const rows = await oauth.listAccounts(ctx.project.id, userId);
    return {
      items: rows
        .filter((row) => row.allow_connected_accounts)
        .map((row) => ({
          user_id: row.user_id,
          provider: row.provider_config_id,
          provider_account_id: row.account_id,
        })),
      is_paginated: false,
    };
  });

  const accessToken = async (request: FastifyRequest) => {
    const ctx = requireAccess(await context(request), clientOrHigher);
    const params = parseIdentityInput(connectedAccountParams, request.params, 'params');
    const body = parseIdentityInput(accessTokenBody, request.body, 'body');
    const userId = resolveUserId(ctx, params.user_id, 'connected accounts');
    const token = await oauth.connectedAccessToken(ctx.project, userId, {
      providerId: params.provider,
      accountId: params.account_id,
      scope: body.scope ?? '',
    });
    return { access_token: token };
  };
  app.post('/connected-accounts/:user_id/:provider/access-token', accessToken);
  app.post('/connected-accounts/:user_id/:provider/:account_id/access-token', accessToken);
}

/**
 * Where a failed callback sends the user: the client's error or redirect URL with the error in
 * the query (upstream's form), and the client's state so its checks can run.
 */
function errorRedirectOf(flow: OAuthFlow, error: KnownError): URL {
  const url = new URL(flow.errorRedirectUrl ?? flow.redirectUri);
  url.searchParams.set('error', 'server_error');
  url.searchParams.set('error_description', error.message);
  url.searchParams.set('errorCode', error.code);
  url.searchParams.set('message', error.message);
  url.searchParams.set('details', JSON.stringify(error.details ?? {}));
  url.searchParams.set('state', flow.state);
  return url;
}
