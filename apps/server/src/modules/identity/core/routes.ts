import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  accountGuesses,
  accountKeyOf,
  accountProbes,
  codeGuesses,
  type GuessCounting,
} from '../../../platform/http/guess-limits.ts';
import { credentialAttemptLimit, mailSendingLimit } from '../../../platform/http/rate-limits.ts';
import { parseIdentityInput } from './api-errors.ts';
import {
  clientUserUpdateBody,
  codeBody,
  createSessionBody,
  emptyBody,
  emptyQuery,
  idParams,
  listUsersQuery,
  passwordSignInBody,
  passwordSignUpBody,
  resetPasswordBody,
  sendResetCodeBody,
  sendSignInCodeBody,
  sendVerificationCodeBody,
  serverUserCreateBody,
  serverUserUpdateBody,
  sessionsQuery,
  setPasswordBody,
  tokenRequestBody,
  updatePasswordBody,
} from './api-schemas.ts';
import { ACCESS_TOKEN_LIFETIME_SECONDS } from './access-tokens.ts';
import type { IdentityCore } from './identity-core.ts';
import type { UserRecord } from './identity-repository.ts';
import { knownErrors, StatusError } from './known-errors.ts';
import {
  clientOrHigher,
  DEFAULT_BRANCH_ID,
  identityHeader,
  oauthClientCredentials,
  requireAccess,
  resolveRequestContext,
  serverOrHigher,
  type IdentityRequestContext,
} from './request-context.ts';
import { requireUserInRequest } from './route-helpers.ts';
import { toClientUser, toServerUser } from './user-presenter.ts';

interface CoreRoutesOptions {
  identity: IdentityCore;
}

const success = { success: true } as const;
const DEFAULT_USER_PAGE_SIZE = 100;

/**
 * The core of the identity API (stack-auth.md): password, sign-in codes, email verification,
 * sessions, users, projects, token refresh, JWKS. Registered by `../routes.ts`, which sets the
 * error handler and CORS for every identity route.
 */
export async function coreRoutes(app: FastifyInstance, { identity }: CoreRoutesOptions) {
  // Once per request: the guess limits of a password update need the caller's account first.
  const contexts = new WeakMap<FastifyRequest, Promise<IdentityRequestContext | null>>();
  const context = (request: FastifyRequest) => {
    let resolved = contexts.get(request);
    if (!resolved) {
      resolved = resolveRequestContext(request, identity);
      contexts.set(request, resolved);
    }
    return resolved;
  };
  const ipOf = (request: FastifyRequest) => request.ip ?? null;
  const signInBody = (result: {
    accessToken: string;
    refreshToken: string;
    user: UserRecord;
    isNewUser: boolean;
  }) => ({
    access_token: result.accessToken,
    refresh_token: result.refreshToken,
    user_id: result.user.id,
    is_new_user: result.isNewUser,
  });
  /** A user's read shape for the caller's tier, with their selected team in the same tier. */
  const presentUser = async (ctx: IdentityRequestContext, user: UserRecord) => {
    const tier = ctx.accessType === 'client' ? 'client' : 'server';
    const links = identity.accounts.teamLinks;
    const selectedTeam =
      user.selectedTeamId && links
        ? await links.presentTeam(ctx.project.id, user.selectedTeamId, tier)
        : null;
    const shape = tier === 'client' ? toClientUser(user) : toServerUser(user);
    const providers = identity.accounts.oauthProvidersOf;
    const oauthProviders = providers ? await providers(user) : shape.oauth_providers;
    return { ...shape, oauth_providers: oauthProviders, selected_team: selectedTeam };
  };

  /** The user a request acts on: the token's user, or (server tier) the one named in the path. */
  function requireUser(ctx: IdentityRequestContext): UserRecord {
    if (!ctx.user) throw knownErrors.cannotGetOwnUserWithoutUser();
    return ctx.user;
  }

  // ---- the API root ----

  app.get('/', async (request, reply) => {
    parseIdentityInput(emptyQuery, request.query, 'query');
    const ctx = await context(request);
    const authentication = ctx
      ? [
          ctx.accessType[0]!.toUpperCase() + ctx.accessType.slice(1),
          `  Project: ${ctx.project.id}`,
          `  User: ${ctx.user ? (ctx.user.primaryEmail ?? ctx.user.id) : 'None'}`,
        ].join('\n')
      : 'None';
    return reply
      .type('text/plain; charset=utf-8')
      .send(
        'Welcome to the Stack API endpoint! This is the identity service of ipick, compatible with the Stack Auth REST API.\n\n' +
          `Authentication: ${authentication}\n`,
      );
  });

  // ---- password ----

  // Wrong old passwords count against the caller's account, per address and from every
  // address, in the same counters as wrong passwords at sign-in.
  const accountOfCaller = new WeakMap<FastifyRequest, string>();
  const currentPasswordGuesses: GuessCounting = {
    accountOf: (request) => accountOfCaller.get(request) ?? null,
  };
  async function findAccountOfCaller(request: FastifyRequest) {
    const ctx = await context(request).catch(() => null);
    if (ctx?.user) accountOfCaller.set(request, accountKeyOf(ctx.user));
  }

  app.post(
    '/auth/password/sign-up',
    { config: { rateLimit: mailSendingLimit, guesses: accountProbes } },
    async (request) => {
      const ctx = requireAccess(await context(request), clientOrHigher);
      const body = parseIdentityInput(passwordSignUpBody, request.body, 'body');
      const result = await identity.accounts.signUpWithPassword(ctx.project, {
        email: body.email,
        password: body.password,
        verificationCallbackUrl: body.verification_callback_url,
        ip: ipOf(request),
        currentUser: ctx.user,
      });
      return signInBody(result);
    },
  );

  app.post(
    '/auth/password/sign-in',
    { config: { rateLimit: credentialAttemptLimit, guesses: accountGuesses } },
    async (request) => {
      const ctx = requireAccess(await context(request), clientOrHigher);
      const body = parseIdentityInput(passwordSignInBody, request.body, 'body');
      return signInBody(
        await identity.accounts.signInWithPassword(ctx.project, { ...body, ip: ipOf(request) }),
      );
    },
  );

  app.post(
    '/auth/password/send-reset-code',
    { config: { rateLimit: mailSendingLimit } },
    async (request) => {
      const ctx = requireAccess(await context(request), clientOrHigher);
      const body = parseIdentityInput(sendResetCodeBody, request.body, 'body');
      await identity.accounts.sendPasswordResetCode(ctx.project, body.email, body.callback_url);
      return { success: 'maybe, only if user with e-mail exists' };
    },
  );

  app.post(
    '/auth/password/reset/check-code',
    { config: { rateLimit: credentialAttemptLimit, guesses: codeGuesses } },
    async (request) => {
      const ctx = requireAccess(await context(request), clientOrHigher);
      const body = parseIdentityInput(codeBody, request.body, 'body');
      await identity.accounts.checkPasswordResetCode(ctx.project, body.code);
      return { is_code_valid: true };
    },
  );

  app.post(
    '/auth/password/reset',
    { config: { rateLimit: credentialAttemptLimit, guesses: codeGuesses } },
    async (request) => {
      const ctx = requireAccess(await context(request), clientOrHigher);
      const body = parseIdentityInput(resetPasswordBody, request.body, 'body');
      await identity.accounts.resetPassword(ctx.project, body.code, body.password);
      return success;
    },
  );

  app.post(
    '/auth/password/update',
    // The account is found before the guess limits look at the request (they run in preHandler).
    { config: { guesses: currentPasswordGuesses }, preValidation: findAccountOfCaller },
    async (request) => {
      const ctx = requireAccess(await context(request), clientOrHigher);
      const user = requireUserInRequest(ctx);
      const body = parseIdentityInput(updatePasswordBody, request.body, 'body');
      // The session of the refresh token sent along survives; every other one ends.
      const refreshToken = identityHeader(request, 'refresh-token');
      const keep = refreshToken
        ? (await identity.sessions.resolveRefreshToken(ctx.project.id, refreshToken, ipOf(request)))
            .session.id
        : ctx.sessionId;
      await identity.accounts.updatePassword(user, {
        oldPassword: body.old_password,
        newPassword: body.new_password,
        keepSessionId: keep,
      });
      return success;
    },
  );

  app.post('/auth/password/set', async (request) => {
    const ctx = requireAccess(await context(request), clientOrHigher);
    const body = parseIdentityInput(setPasswordBody, request.body, 'body');
    await identity.accounts.setPassword(requireUser(ctx), body.password);
    return success;
  });

  // ---- sign-in codes ----

  app.post(
    '/auth/otp/send-sign-in-code',
    { config: { rateLimit: mailSendingLimit } },
    async (request) => {
      const ctx = requireAccess(await context(request), clientOrHigher);
      const body = parseIdentityInput(sendSignInCodeBody, request.body, 'body');
      return identity.accounts.sendSignInCode(ctx.project, body.email, body.callback_url);
    },
  );

  app.post(
    '/auth/otp/sign-in',
    { config: { rateLimit: credentialAttemptLimit, guesses: codeGuesses } },
    async (request) => {
      const ctx = requireAccess(await context(request), clientOrHigher);
      const body = parseIdentityInput(codeBody, request.body, 'body');
      return signInBody(
        await identity.accounts.signInWithCode(ctx.project, {
          code: body.code,
          ip: ipOf(request),
          currentUser: ctx.user,
        }),
      );
    },
  );

  app.post(
    '/auth/otp/sign-in/check-code',
    { config: { rateLimit: credentialAttemptLimit, guesses: codeGuesses } },
    async (request) => {
      const ctx = requireAccess(await context(request), clientOrHigher);
      const body = parseIdentityInput(codeBody, request.body, 'body');
      await identity.accounts.checkSignInCode(ctx.project, body.code);
      return { is_code_valid: true };
    },
  );

  // ---- anonymous users ----

  app.post(
    '/auth/anonymous/sign-up',
    { config: { rateLimit: credentialAttemptLimit } },
    async (request) => {
      const ctx = requireAccess(await context(request), clientOrHigher);
      parseIdentityInput(emptyBody, request.body, 'body');
      return signInBody(await identity.accounts.signUpAnonymously(ctx.project, ipOf(request)));
    },
  );

  // ---- email verification ----

  app.post(
    '/contact-channels/send-verification-code',
    { config: { rateLimit: mailSendingLimit } },
    async (request) => {
      const ctx = requireAccess(await context(request), clientOrHigher);
      const user = requireUserInRequest(ctx);
      const body = parseIdentityInput(sendVerificationCodeBody, request.body, 'body');
      if (user.primaryEmail?.toLowerCase() !== body.email) throw knownErrors.userNotFound();
      await identity.accounts.sendEmailVerification(ctx.project, user, body.callback_url);
      return success;
    },
  );

  app.post(
    '/contact-channels/verify',
    { config: { rateLimit: credentialAttemptLimit, guesses: codeGuesses } },
    async (request) => {
      const ctx = requireAccess(await context(request), clientOrHigher);
      const body = parseIdentityInput(codeBody, request.body, 'body');
      await identity.accounts.verifyEmail(ctx.project, body.code);
      return success;
    },
  );

  // ---- sessions ----

  app.post('/auth/oauth/token', async (request, reply) => {
    const body = parseIdentityInput(tokenRequestBody, request.body, 'body');
    const codeGrant = identity.authorizationCodeGrant;
    const isCodeGrant = body.grant_type === 'authorization_code' && codeGrant !== null;
    if (!isCodeGrant && (body.grant_type !== 'refresh_token' || !body.refresh_token)) {
      throw knownErrors.schemaError(
        'body.grant_type: must be refresh_token (with refresh_token) or authorization_code',
      );
    }
    const client = oauthClientCredentials(request, body);
    // `client_id` is `<projectId>` or `<projectId>#<branchId>` (stack-auth.md §2.4).
    const hash = client.id.indexOf('#');
    const projectId = hash < 0 ? client.id : client.id.slice(0, hash);
    const branchId = hash < 0 ? DEFAULT_BRANCH_ID : client.id.slice(hash + 1);
    const project = await identity.projects.find(projectId);
    if (!project) throw knownErrors.invalidOAuthClientIdOrSecret(client.id);
    // Client keys are required for every project here (stack-auth.md §1.3 step 5, §2.4).
    if (client.secret === undefined) throw knownErrors.publishableClientKeyRequired(project.id);
    const isPublicClient = client.secret === '__stack_public_client__';
    if (
      !isPublicClient &&
      !(await identity.projects.isValidKey(project.id, 'publishable_client_key', client.secret))
    ) {
      throw knownErrors.invalidOAuthClientIdOrSecret(client.id);
    }
    if (branchId !== DEFAULT_BRANCH_ID) throw knownErrors.branchDoesNotExist(branchId);
    reply.header('pragma', 'no-cache'); // with cache-control: no-store, as RFC 6749 §5.1 asks
    if (isCodeGrant) {
      const answer = await codeGrant(project, body, ipOf(request));
      return reply.code(answer.status).send(answer.body);
    }
    const accessToken = await identity.sessions.refresh(
      project.id,
      body.refresh_token!,
      ipOf(request),
    );
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_LIFETIME_SECONDS,
      refresh_token: body.refresh_token,
      scope: 'legacy',
    };
  });

  // The REST form of the refresh grant (stack-auth.md §2.4(b)): the refresh token comes in a header.
  app.post('/auth/sessions/current/refresh', async (request) => {
    const ctx = requireAccess(await context(request), clientOrHigher);
    const refreshToken = identityHeader(request, 'refresh-token');
    if (!refreshToken) throw knownErrors.refreshTokenNotFoundOrExpired();
    return {
      access_token: await identity.sessions.refresh(ctx.project.id, refreshToken, ipOf(request)),
    };
  });

  app.delete('/auth/sessions/current', async (request) => {
    const ctx = requireAccess(await context(request), clientOrHigher);
    if (!ctx.user) throw knownErrors.userAuthenticationRequired();
    if (!ctx.sessionId || !(await identity.sessions.end(ctx.project.id, ctx.sessionId))) {
      throw knownErrors.refreshTokenNotFoundOrExpired();
    }
    return success;
  });

  app.get('/auth/sessions', async (request) => {
    const ctx = requireAccess(await context(request), clientOrHigher);
    const query = parseIdentityInput(sessionsQuery, request.query, 'query');
    const userId = await sessionOwner(ctx, query.user_id);
    const sessions = await identity.sessions.listLive(ctx.project.id, userId);
    return {
      items: sessions
        .filter((session) => ctx.accessType === 'admin' || !session.is_impersonation)
        .map((session) => ({
          id: session.id,
          user_id: session.user_id,
          created_at: session.created_at.getTime(),
          last_used_at: session.last_used_at?.getTime() ?? null,
          is_impersonation: session.is_impersonation,
          is_current_session: session.id === ctx.sessionId,
          last_used_at_end_user_ip_info: session.last_used_ip ? { ip: session.last_used_ip } : null,
        })),
      is_paginated: false,
    };
  });

  app.delete('/auth/sessions/:id', async (request, reply) => {
    const ctx = requireAccess(await context(request), clientOrHigher);
    const { id } = parseIdentityInput(idParams, request.params, 'params');
    const query = parseIdentityInput(sessionsQuery, request.query, 'query');
    if (id === ctx.sessionId) throw knownErrors.cannotDeleteCurrentSession();
    const owner =
      ctx.accessType === 'client' || query.user_id
        ? await sessionOwner(ctx, query.user_id)
        : undefined;
    if (!(await identity.sessions.end(ctx.project.id, id, owner))) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Session not found.');
    }
    return success;
  });

  app.post('/auth/sessions', async (request) => {
    const ctx = requireAccess(await context(request), serverOrHigher);
    const body = parseIdentityInput(createSessionBody, request.body, 'body');
    const userId = body.user_id === 'me' ? requireUser(ctx).id : body.user_id;
    const user = await identity.accounts.find(ctx.project.id, userId);
    if (!user) throw knownErrors.userIdDoesNotExist(userId);
    const issued = await identity.sessions.create(user, {
      // Without a lifetime, the default of a year (stack-auth.md §3.7); the schema caps it.
      lifetimeMs: body.expires_in_millis,
      isImpersonation: body.is_impersonation ?? false,
      ip: ipOf(request),
    });
    return { access_token: issued.accessToken, refresh_token: issued.refreshToken };
  });

  /** Clients may only see their own sessions; the server tier names any user. */
  async function sessionOwner(
    ctx: IdentityRequestContext,
    userId: string | undefined,
  ): Promise<string> {
    if (userId === undefined && !ctx.user && ctx.accessType !== 'client') {
      throw knownErrors.schemaError(
        "query.user_id: name the user whose sessions to list, or send that user's access token.",
      );
    }
    if (userId === undefined) return requireUserInRequest(ctx).id;
    if (userId === 'me') return requireUser(ctx).id;
    if (ctx.accessType === 'client' && userId !== ctx.user?.id) {
      throw new StatusError(403, 'Client can only list sessions of their own user.');
    }
    return (await identity.accounts.require(ctx.project.id, userId)).id;
  }

  // ---- users ----

  app.get('/users/me', async (request) => {
    const ctx = requireAccess(await context(request), clientOrHigher);
    return presentUser(ctx, requireUser(ctx));
  });

  app.patch('/users/me', async (request) => {
    const ctx = requireAccess(await context(request), clientOrHigher);
    const user = requireUser(ctx);
    const updated =
      ctx.accessType === 'client'
        ? await identity.accounts.update(ctx.project.id, user.id, clientChanges(request.body))
        : await identity.accounts.update(ctx.project.id, user.id, serverChanges(request.body));
    return presentUser(ctx, updated);
  });

  app.delete('/users/me', async (request, reply) => {
    const ctx = requireAccess(await context(request), clientOrHigher);
    const user = requireUser(ctx);
    if (ctx.accessType === 'client' && !ctx.project.config.client_user_deletion_enabled) {
      return reply
        .code(400)
        .type('text/plain; charset=utf-8')
        .send('Client user deletion is not enabled for this project');
    }
    await identity.accounts.delete(ctx.project.id, user.id);
    return success;
  });

  app.get('/users', async (request) => {
    const ctx = requireAccess(await context(request), serverOrHigher);
    const query = parseIdentityInput(listUsersQuery, request.query, 'query');
    let memberIds: string[] | undefined;
    if (query.team_id !== undefined) {
      const links = identity.accounts.teamLinks;
      if (!links) throw knownErrors.teamNotFound(query.team_id);
      memberIds = await links.memberIds(ctx.project.id, query.team_id);
    }
    const page = await identity.accounts.list(ctx.project.id, {
      userIds: memberIds,
      cursor: query.cursor,
      limit: query.limit ?? DEFAULT_USER_PAGE_SIZE,
      orderBy: query.order_by ?? 'signed_up_at',
      desc: query.desc === 'true',
      query: query.query,
      includeAnonymous: query.include_anonymous === 'true',
      onlyAnonymous: query.only_anonymous === 'true',
      includeRestricted: query.include_restricted === 'true',
    });
    return {
      items: await Promise.all(page.users.map((user) => presentUser(ctx, user))),
      is_paginated: true,
      pagination: { next_cursor: page.nextCursor },
    };
  });

  app.post('/users', async (request, reply) => {
    const ctx = requireAccess(await context(request), serverOrHigher);
    const body = parseIdentityInput(serverUserCreateBody, request.body, 'body');
    const {
      primary_email,
      primary_email_verified,
      primary_email_auth_enabled,
      password,
      password_hash,
      is_anonymous,
      risk_scores,
      oauth_providers,
      ...rest
    } = body;
    const user = await identity.accounts.createByServer(
      ctx.project,
      {
        email: primary_email ?? null,
        emailVerified: primary_email_verified ?? false,
        emailAuthEnabled: primary_email_auth_enabled,
        password: password ?? null,
        importedPasswordHash: password_hash,
        oauthAccounts: (oauth_providers ?? []).map((provider) => ({
          providerConfigId: provider.id,
          accountId: provider.account_id,
          email: provider.email ?? null,
        })),
      },
      { ...serverChanges(rest), isAnonymous: is_anonymous, riskScores: risk_scores?.sign_up },
    );
    return reply.code(201).send(await presentUser(ctx, user));
  });

  app.get('/users/:id', async (request) => {
    const ctx = requireAccess(await context(request), serverOrHigher);
    const { id } = parseIdentityInput(idParams, request.params, 'params');
    return presentUser(ctx, await identity.accounts.require(ctx.project.id, id));
  });

  app.patch('/users/:id', async (request) => {
    const ctx = requireAccess(await context(request), serverOrHigher);
    const { id } = parseIdentityInput(idParams, request.params, 'params');
    return presentUser(
      ctx,
      await identity.accounts.update(ctx.project.id, id, serverChanges(request.body)),
    );
  });

  app.delete('/users/:id', async (request) => {
    const ctx = requireAccess(await context(request), serverOrHigher);
    const { id } = parseIdentityInput(idParams, request.params, 'params');
    await identity.accounts.delete(ctx.project.id, id);
    return success;
  });

  // ---- projects ----

  app.get('/projects/current', async (request) => {
    const ctx = requireAccess(await context(request), clientOrHigher);
    const { config } = ctx.project;
    return {
      id: ctx.project.id,
      display_name: ctx.project.displayName,
      config: {
        sign_up_enabled: config.sign_up_enabled,
        credential_enabled: config.credential_enabled,
        magic_link_enabled: config.magic_link_enabled,
        passkey_enabled: config.passkey_enabled,
        client_team_creation_enabled: config.client_team_creation_enabled,
        client_user_deletion_enabled: config.client_user_deletion_enabled,
        allow_localhost: config.allow_localhost,
        allow_user_api_keys: config.allow_user_api_keys,
        allow_team_api_keys: config.allow_team_api_keys,
        enabled_oauth_providers: (config.oauth_providers ?? []).map(({ id }) => ({ id })),
        domains: config.domains,
      },
    };
  });

  app.get('/projects/:projectId/.well-known/jwks.json', async (request, reply) => {
    const { projectId } = request.params as { projectId: string };
    const project = await identity.projects.find(projectId);
    if (!project)
      return reply.code(404).type('text/plain; charset=utf-8').send('Project not found');
    const keys = await identity.tokens.publicKeys(project.id);
    reply.header('cache-control', 'public, max-age=3600'); // stack-auth.md §2.2
    return { keys };
  });
}

function clientChanges(body: unknown) {
  const input = parseIdentityInput(clientUserUpdateBody, body, 'body');
  return {
    displayName: input.display_name,
    profileImageUrl: input.profile_image_url,
    clientMetadata: input.client_metadata,
    selectedTeamId: input.selected_team_id,
    otpAuthEnabled: input.otp_auth_enabled,
    passkeyAuthEnabled: input.passkey_auth_enabled,
    totpSecret: totpSecretOf(input.totp_secret_base64),
    email: input.primary_email,
  };
}

function serverChanges(body: unknown) {
  const input = parseIdentityInput(serverUserUpdateBody, body, 'body');
  return {
    displayName: input.display_name,
    profileImageUrl: input.profile_image_url,
    clientMetadata: input.client_metadata,
    clientReadOnlyMetadata: input.client_read_only_metadata,
    serverMetadata: input.server_metadata,
    otpAuthEnabled: input.otp_auth_enabled,
    passkeyAuthEnabled: input.passkey_auth_enabled,
    selectedTeamId: input.selected_team_id,
    isAnonymous: input.is_anonymous,
    restrictedByAdmin: input.restricted_by_admin,
    // Lifting a restriction drops its reason: they are only kept while it holds.
    ...(input.restricted_by_admin === false
      ? { restrictedByAdminReason: null, restrictedByAdminPrivateDetails: null }
      : {
          restrictedByAdminReason: input.restricted_by_admin_reason,
          restrictedByAdminPrivateDetails: input.restricted_by_admin_private_details,
        }),
    countryCode: input.country_code,
    email: input.primary_email,
    emailVerified: input.primary_email_verified,
    emailAuthEnabled: input.primary_email_auth_enabled,
    password: input.password,
    totpSecret: totpSecretOf(input.totp_secret_base64),
  };
}

function totpSecretOf(base64: string | null | undefined): Uint8Array | null | undefined {
  return typeof base64 === 'string' ? new Uint8Array(Buffer.from(base64, 'base64')) : base64;
}
