import { createHash, randomUUID } from 'node:crypto';
import * as client from 'openid-client';
import { ACCESS_TOKEN_LIFETIME_SECONDS } from '../core/access-tokens.ts';
import type { Accounts, UserOAuthProvider } from '../core/accounts.ts';
import type {
  OAuthProviderConfig,
  ProjectRecord,
  UserRecord,
} from '../core/identity-repository.ts';
import { KnownError, knownErrors } from '../core/known-errors.ts';
import { hashToken, randomToken } from '../core/secrets.ts';
import { oauthErrors } from './oauth-errors.ts';
import { sealFlow, openFlow, oauthCookieName, type OAuthFlow } from './oauth-flow-cookie.ts';
import type { OAuthAccountRow, OAuthRepository, StoredTokens } from './oauth-repository.ts';
import {
  profileFromClaims,
  type OAuthProviders,
  type ProviderClient,
  type ProviderProfile,
  type ProviderTokens,
} from './providers.ts';
import type { SealedSecrets } from './sealed-secrets.ts';

/** The one-time code the callback hands the client lives long enough for its redirect. */
const AUTHORIZATION_CODE_LIFETIME_MS = 10 * 60 * 1000;
/** A stored provider token this close to expiry is refreshed before it is handed out. */
const TOKEN_REFRESH_MARGIN_MS = 60 * 1000;
/** The message spec §8 gives every failed OAuth callback. */
export const OAUTH_CALLBACK_FAILED_MESSAGE =
  'Error signing in during OAuth callback. Please try again.';

export interface AuthorizeRequest {
  providerId: string;
  redirectUri: URL;
  state: string;
  codeChallenge: string;
  type: 'authenticate' | 'link';
  linkUser: UserRecord | null;
  providerScope: string | null;
  errorRedirectUrl: URL | null;
  afterCallbackRedirectUrl: string | null;
}

/** The client read shape of `/oauth-providers` (stack-auth.md §3.6); the server adds account_id. */
export function presentOAuthAccount(row: OAuthAccountRow, tier: 'client' | 'server') {
  return {
    id: row.id,
    user_id: row.user_id,
    provider_config_id: row.provider_config_id,
    type: row.provider_type,
    email: row.email,
    allow_sign_in: row.allow_sign_in,
    allow_connected_accounts: row.allow_connected_accounts,
    ...(tier === 'server' ? { account_id: row.account_id } : {}),
  };
}

/**
 * OAuth sign-in (stack-auth.md §3.6). ipick is an OAuth server to its clients (authorization
 * code with PKCE S256) and an OAuth client of the providers (openid-client, also with PKCE):
 * authorize keeps the flow in a signed cookie and sends the user to the provider; the callback
 * signs the user in or up, or links the account, and hands the client a one-time code that the
 * token endpoint exchanges with the client's verifier. The provider's tokens are kept,
 * encrypted, for connected accounts.
 */
export class OAuth {
  readonly #repository: OAuthRepository;
  readonly #accounts: Accounts;
  readonly #providers: OAuthProviders;
  readonly #secrets: SealedSecrets;
  /** Where ipick is reached: the callback URL and relative redirects resolve against it. */
  readonly publicUrl: string;

  constructor(options: {
    repository: OAuthRepository;
    accounts: Accounts;
    providers: OAuthProviders;
    secrets: SealedSecrets;
    publicUrl: string;
  }) {
    this.#repository = options.repository;
    this.#accounts = options.accounts;
    this.#providers = options.providers;
    this.#secrets = options.secrets;
    this.publicUrl = options.publicUrl;
  }

  /** Where the provider sends the user back: it must be registered at the provider as is. */
  callbackUrl(providerId: string): string {
    return `${this.publicUrl}/api/v1/auth/oauth/callback/${encodeURIComponent(providerId)}`;
  }

  /** The provider URL to send the user to, and the cookie that keeps the flow meanwhile. */
  async authorize(
    project: ProjectRecord,
    request: AuthorizeRequest,
  ): Promise<{ location: string; cookieName: string; cookieValue: string }> {
    const provider = providerOf(project, request.providerId);
    if (request.providerScope && provider.type === 'shared') {
      throw oauthErrors.extraScopeNotAvailableWithSharedKeys();
    }
    const providerClient = await this.#clientOf(provider);
    const innerState = client.randomState();
    const innerCodeVerifier = client.randomPKCECodeVerifier();
    const nonce = providerClient.isOpenId ? client.randomNonce() : null;
    const scopes = mergeScopes(providerClient.defaultScopes, request.providerScope);
    const location = client.buildAuthorizationUrl(providerClient.config, {
      redirect_uri: this.callbackUrl(provider.id),
      scope: scopes.join(' '),
      state: innerState,
      code_challenge: await client.calculatePKCECodeChallenge(innerCodeVerifier),
      code_challenge_method: 'S256',
      ...(nonce ? { nonce } : {}),
      ...providerClient.extraParameters,
    });
    const flow: OAuthFlow = {
      projectId: project.id,
      providerId: provider.id,
      innerState,
      innerCodeVerifier,
      nonce,
      redirectUri: request.redirectUri.href,
      state: request.state,
      codeChallenge: request.codeChallenge,
      type: request.type,
      linkUserId: request.linkUser?.id ?? null,
      providerScope: request.providerScope,
      errorRedirectUrl: request.errorRedirectUrl?.href ?? null,
      afterCallbackRedirectUrl: request.afterCallbackRedirectUrl,
    };
    return {
      location: location.href,
      cookieName: oauthCookieName(innerState),
      cookieValue: await sealFlow(flow, this.#secrets.signingKey),
    };
  }

  /** The flow a callback continues, from the cookie named by its state. */
  openFlow(cookies: Record<string, string | undefined>, innerState: string): Promise<OAuthFlow> {
    return openFlow(cookies[oauthCookieName(innerState)], innerState, this.#secrets.signingKey);
  }

  /**
   * Finishes the provider's side: exchanges its code (checking state, PKCE and the ID token),
   * then signs in, signs up or links, and returns the client's redirect with a one-time code.
   */
  async completeCallback(
    project: ProjectRecord,
    flow: OAuthFlow,
    callbackParameters: URLSearchParams,
  ): Promise<URL> {
    const providerError = callbackParameters.get('error');
    if (providerError !== null) {
      throw providerError === 'temporarily_unavailable' || providerError === 'server_error'
        ? oauthErrors.providerTemporarilyUnavailable()
        : oauthErrors.providerAccessDenied();
    }
    const provider = providerOf(project, flow.providerId);
    const providerClient = await this.#clientOf(provider);
    const currentUrl = new URL(this.callbackUrl(provider.id));
    currentUrl.search = callbackParameters.toString();
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(providerClient.config, currentUrl, {
        pkceCodeVerifier: flow.innerCodeVerifier,
        expectedState: flow.innerState,
        ...(flow.nonce ? { expectedNonce: flow.nonce } : {}),
        idTokenExpected: providerClient.isOpenId,
      });
    } catch (error) {
      throw providerFailure(error);
    }
    const profile = await this.#profileOf(providerClient, tokens);
    const stored = this.#seal(toProviderTokens(tokens, providerClient, flow.providerScope));
    const { user, isNewUser } =
      flow.type === 'link'
        ? await this.#link(project, provider, flow.linkUserId!, profile, stored)
        : await this.#signInOrUp(project, provider, profile, stored);
    const code = randomToken();
    await this.#repository.insertCode({
      id: randomUUID(),
      projectId: project.id,
      userId: user.id,
      codeHash: hashToken(code),
      codeChallenge: flow.codeChallenge,
      redirectUri: flow.redirectUri,
      isNewUser,
      afterCallbackRedirectUrl: flow.afterCallbackRedirectUrl,
      expiresAt: new Date(Date.now() + AUTHORIZATION_CODE_LIFETIME_MS),
    });
    const redirect = new URL(flow.redirectUri);
    redirect.searchParams.set('code', code);
    redirect.searchParams.set('state', flow.state);
    return redirect;
  }

  /**
   * The token endpoint's `authorization_code` grant: the code works once, for the redirect_uri
   * it was issued to and the verifier of its challenge. A user with two-factor sign-in gets
   * MULTI_FACTOR_AUTHENTICATION_REQUIRED instead of tokens.
   */
  async exchangeCode(
    project: ProjectRecord,
    request: { code?: string; code_verifier?: string; redirect_uri?: string },
    ip: string | null,
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    if (!request.code) throw knownErrors.schemaError('body.code: required');
    if (!request.code_verifier) throw knownErrors.schemaError('body.code_verifier: required');
    const row = await this.#repository.redeemCode(project.id, hashToken(request.code));
    if (!row) throw oauthErrors.invalidAuthorizationCode();
    if (request.redirect_uri !== undefined && request.redirect_uri !== row.redirect_uri) {
      return invalidGrant('redirect_uri is not the one the code was issued to.');
    }
    const challenge = createHash('sha256').update(request.code_verifier).digest('base64url');
    if (challenge !== row.code_challenge) {
      return invalidGrant('code_verifier does not match the code_challenge (S256).');
    }
    const user = await this.#accounts.find(project.id, row.user_id);
    if (!user) throw oauthErrors.invalidAuthorizationCode();
    const signedIn = await this.#accounts.signInProvedUser(project, user, {
      ip,
      isNewUser: row.is_new_user,
    });
    return {
      status: 200,
      body: {
        access_token: signedIn.accessToken,
        token_type: 'Bearer',
        expires_in: ACCESS_TOKEN_LIFETIME_SECONDS,
        refresh_token: signedIn.refreshToken,
        scope: 'legacy',
        is_new_user: row.is_new_user,
        newUser: row.is_new_user,
        after_callback_redirect_url: row.after_callback_redirect_url,
        afterCallbackRedirectUrl: row.after_callback_redirect_url,
      },
    };
  }

  // ---- the user's OAuth accounts ----

  /** The user read shape's `oauth_providers`: the provider's id in the project and account. */
  async userProviders(user: UserRecord): Promise<UserOAuthProvider[]> {
    const rows = await this.#repository.listForUser(user.projectId, user.id);
    return rows.map((row) => ({
      id: row.provider_config_id,
      account_id: row.account_id,
      email: row.email,
    }));
  }

  listAccounts(projectId: string, userId: string): Promise<OAuthAccountRow[]> {
    return this.#repository.listForUser(projectId, userId);
  }

  async requireAccount(projectId: string, userId: string, id: string): Promise<OAuthAccountRow> {
    const row = await this.#repository.findAccountById(projectId, id);
    if (!row || row.user_id !== userId) throw oauthErrors.connectionNotConnectedToUser();
    return row;
  }

  /** Adds an account by hand (server tier), e.g. when importing users from elsewhere. */
  async createAccount(
    project: ProjectRecord,
    input: {
      userId: string;
      providerConfigId: string;
      accountId: string;
      email: string | null;
      allowSignIn: boolean;
      allowConnectedAccounts: boolean;
    },
  ): Promise<OAuthAccountRow> {
    const provider = providerOf(project, input.providerConfigId);
    await this.#accounts.require(project.id, input.userId);
    if (await this.#repository.findAccount(project.id, provider.id, input.accountId)) {
      throw oauthErrors.connectionAlreadyConnectedToAnotherUser();
    }
    const id = randomUUID();
    await this.#repository.insertAccount({
      id,
      projectId: project.id,
      userId: input.userId,
      providerConfigId: provider.id,
      providerType: provider.provider,
      accountId: input.accountId,
      email: input.email,
      allowSignIn: input.allowSignIn,
      allowConnectedAccounts: input.allowConnectedAccounts,
      tokens: null,
    });
    return (await this.#repository.findAccountById(project.id, id))!;
  }

  async updateAccount(
    row: OAuthAccountRow,
    changes: {
      accountId?: string;
      email?: string | null;
      allowSignIn?: boolean;
      allowConnectedAccounts?: boolean;
    },
  ): Promise<OAuthAccountRow> {
    if (
      changes.accountId !== undefined &&
      changes.accountId !== row.account_id &&
      (await this.#repository.findAccount(
        row.project_id,
        row.provider_config_id,
        changes.accountId,
      ))
    ) {
      throw oauthErrors.connectionAlreadyConnectedToAnotherUser();
    }
    await this.#repository.updateAccount(row.id, changes);
    return (await this.#repository.findAccountById(row.project_id, row.id))!;
  }

  async deleteAccount(row: OAuthAccountRow): Promise<void> {
    await this.#repository.deleteAccount(row.project_id, row.id);
  }

  // ---- connected accounts ----

  /**
   * A live provider access token of the user's account at `providerId` with every scope asked,
   * refreshed with the stored refresh token when it has expired.
   */
  async connectedAccessToken(
    project: ProjectRecord,
    userId: string,
    input: { providerId: string; accountId?: string; scope: string },
  ): Promise<string> {
    const provider = providerOf(project, input.providerId);
    if (provider.type === 'shared') throw oauthErrors.accessTokenNotAvailableWithSharedKeys();
    const accounts = (await this.#repository.listForUser(project.id, userId)).filter(
      (row) =>
        row.provider_config_id === provider.id &&
        row.allow_connected_accounts &&
        (input.accountId === undefined || row.account_id === input.accountId),
    );
    if (accounts.length === 0) throw oauthErrors.connectionNotConnectedToUser();
    const wanted = input.scope.split(/\s+/).filter(Boolean);
    const account = accounts.find((row) => {
      const granted = new Set(row.scopes.split(/\s+/));
      return wanted.every((scope) => granted.has(scope));
    });
    if (!account?.access_token_encrypted) throw oauthErrors.connectionDoesNotHaveRequiredScope();
    const expiresAt = account.access_token_expires_at?.getTime() ?? Infinity;
    if (expiresAt - TOKEN_REFRESH_MARGIN_MS > Date.now()) {
      return this.#secrets.open(account.access_token_encrypted);
    }
    if (!account.refresh_token_encrypted) throw oauthErrors.connectionDoesNotHaveRequiredScope();
    const providerClient = await this.#clientOf(provider);
    let refreshed: Awaited<ReturnType<typeof client.refreshTokenGrant>>;
    try {
      refreshed = await client.refreshTokenGrant(
        providerClient.config,
        this.#secrets.open(account.refresh_token_encrypted),
      );
    } catch {
      // The provider no longer honours the refresh token: the user must connect again.
      throw oauthErrors.connectionDoesNotHaveRequiredScope();
    }
    const tokens = toProviderTokens(refreshed, providerClient, null, account.scopes);
    await this.#repository.updateTokens(account.id, this.#seal(tokens));
    return tokens.accessToken;
  }

  async #clientOf(provider: OAuthProviderConfig): Promise<ProviderClient> {
    try {
      return await this.#providers.clientFor(provider);
    } catch (error) {
      if (error instanceof KnownError) throw error;
      throw oauthErrors.providerTemporarilyUnavailable(); // discovery failed
    }
  }

  async #profileOf(
    providerClient: ProviderClient,
    tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>,
  ): Promise<ProviderProfile> {
    if (providerClient.fetchProfile) return providerClient.fetchProfile(tokens.access_token);
    const claims: Record<string, unknown> = { ...tokens.claims() };
    // Providers may keep email and profile claims to the userinfo endpoint.
    if (providerClient.config.serverMetadata().userinfo_endpoint) {
      try {
        Object.assign(
          claims,
          await client.fetchUserInfo(
            providerClient.config,
            tokens.access_token,
            String(claims.sub),
          ),
        );
      } catch (error) {
        throw providerFailure(error);
      }
    }
    return profileFromClaims(claims);
  }

  #seal(tokens: ProviderTokens): StoredTokens {
    return {
      accessTokenEncrypted: this.#secrets.seal(tokens.accessToken),
      refreshTokenEncrypted: tokens.refreshToken ? this.#secrets.seal(tokens.refreshToken) : null,
      accessTokenExpiresAt: tokens.expiresAt,
      scopes: tokens.scopes.join(' '),
    };
  }

  /** `type=link`: the signed-in user gains the account, unless another user has it. */
  async #link(
    project: ProjectRecord,
    provider: OAuthProviderConfig,
    userId: string,
    profile: ProviderProfile,
    tokens: StoredTokens,
  ): Promise<{ user: UserRecord; isNewUser: boolean }> {
    const user = await this.#accounts.require(project.id, userId);
    const existing = await this.#repository.findAccount(project.id, provider.id, profile.accountId);
    if (existing && existing.user_id !== user.id) {
      throw oauthErrors.connectionAlreadyConnectedToAnotherUser();
    }
    if (existing) await this.#repository.updateTokens(existing.id, tokens, profile.email);
    else await this.#insertAccount(project, provider, user.id, profile, tokens);
    return { user, isNewUser: false };
  }

  /**
   * `type=authenticate`: the account's user signs in. A new account joins the user whose
   * sign-in email it shares only when the provider verified the email, the user verified it
   * too, and the project's merge strategy is `link_method`; otherwise a new user is made.
   */
  async #signInOrUp(
    project: ProjectRecord,
    provider: OAuthProviderConfig,
    profile: ProviderProfile,
    tokens: StoredTokens,
  ): Promise<{ user: UserRecord; isNewUser: boolean }> {
    const existing = await this.#repository.findAccount(project.id, provider.id, profile.accountId);
    if (existing) {
      // An account kept only for its tokens (allow_sign_in off) does not sign anyone in.
      if (!existing.allow_sign_in) throw oauthErrors.connectionAlreadyConnectedToAnotherUser();
      await this.#repository.updateTokens(existing.id, tokens, profile.email);
      return { user: await this.#accounts.require(project.id, existing.user_id), isNewUser: false };
    }
    const owner = profile.email
      ? await this.#accounts.findAuthEmailOwner(project.id, profile.email)
      : null;
    const strategy = project.config.oauth_account_merge_strategy ?? 'link_method';
    if (owner && strategy === 'raise_error') {
      throw knownErrors.userEmailAlreadyExists(profile.email!);
    }
    if (owner && strategy === 'link_method' && profile.emailVerified && owner.isEmailVerified) {
      await this.#insertAccount(project, provider, owner.user.id, profile, tokens);
      return { user: owner.user, isNewUser: false };
    }
    const user = await this.#accounts.createProvedUser(project, {
      email: profile.email,
      emailVerified: profile.emailVerified,
      // An unverified email, or one another user signs in with, does not sign this user in.
      emailAuthEnabled: profile.emailVerified && owner === null,
      displayName: profile.displayName,
      profileImageUrl: profile.profileImageUrl,
    });
    try {
      await this.#insertAccount(project, provider, user.id, profile, tokens);
    } catch (error) {
      // Another callback of the same account won the race: leave no user without a sign-in.
      await this.#accounts.delete(project.id, user.id);
      if ((error as { code?: string }).code === '23505') {
        throw oauthErrors.connectionAlreadyConnectedToAnotherUser();
      }
      throw error;
    }
    return { user, isNewUser: true };
  }

  async #insertAccount(
    project: ProjectRecord,
    provider: OAuthProviderConfig,
    userId: string,
    profile: ProviderProfile,
    tokens: StoredTokens,
  ): Promise<void> {
    await this.#repository.insertAccount({
      id: randomUUID(),
      projectId: project.id,
      userId,
      providerConfigId: provider.id,
      providerType: provider.provider,
      accountId: profile.accountId,
      email: profile.email,
      tokens,
    });
  }
}

/** The project's provider of this id, or OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED. */
export function providerOf(project: ProjectRecord, providerId: string): OAuthProviderConfig {
  const provider = (project.config.oauth_providers ?? []).find((p) => p.id === providerId);
  if (!provider) throw oauthErrors.providerNotFoundOrNotEnabled();
  return provider;
}

function mergeScopes(defaults: string[], extra: string | null): string[] {
  return [...new Set([...defaults, ...(extra ?? '').split(/\s+/).filter(Boolean)])];
}

function toProviderTokens(
  tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>,
  providerClient: ProviderClient,
  providerScope: string | null,
  previousScopes?: string,
): ProviderTokens {
  const expiresIn = tokens.expiresIn();
  // Without a `scope` in the answer the provider granted what was asked (RFC 6749 §5.1).
  const scopes =
    tokens.scope ??
    previousScopes ??
    mergeScopes(providerClient.defaultScopes, providerScope).join(' ');
  return {
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token ?? null,
    expiresAt: expiresIn === undefined ? null : new Date(Date.now() + expiresIn * 1000),
    scopes: scopes.split(/[\s,]+/).filter(Boolean),
  };
}

function invalidGrant(description: string) {
  return { status: 400, body: { error: 'invalid_grant', error_description: description } };
}

/** A provider's refusal or fault during the exchange, as a known error. */
function providerFailure(error: unknown): KnownError {
  if (error instanceof KnownError) return error;
  if (
    error instanceof client.ResponseBodyError ||
    error instanceof client.AuthorizationResponseError
  ) {
    return error.error === 'temporarily_unavailable' || error.error === 'server_error'
      ? oauthErrors.providerTemporarilyUnavailable()
      : oauthErrors.providerAccessDenied();
  }
  // A bad ID token, state or nonce, or no answer: the sign-in cannot be trusted or finished.
  return oauthErrors.providerAccessDenied();
}
