import * as client from 'openid-client';
import type { OAuthProviderConfig } from '../core/identity-repository.ts';
import { oauthErrors } from './oauth-errors.ts';

/** Who the provider says signed in. */
export interface ProviderProfile {
  accountId: string;
  email: string | null;
  emailVerified: boolean;
  displayName: string | null;
  profileImageUrl: string | null;
}

/** The provider tokens a sign-in or refresh returned. */
export interface ProviderTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
  scopes: string[];
}

/** Operator-wide client credentials of each provider, for projects whose provider is `shared`. */
export type SharedOAuthCredentials = Partial<
  Record<OAuthProviderConfig['provider'], { clientId: string; clientSecret: string }>
>;

/** A provider ready for one project: its openid-client configuration and how it speaks. */
export interface ProviderClient {
  config: client.Configuration;
  /** Whether it is an OpenID provider: the sign-in then carries an ID token checked by nonce. */
  isOpenId: boolean;
  /** Scopes asked at sign-in, before any the client adds. */
  defaultScopes: string[];
  /** Extra authorization parameters (refresh tokens at Google, form_post at Apple). */
  extraParameters: Record<string, string>;
  /** Reads the profile when the ID token does not carry it (GitHub, Microsoft). */
  fetchProfile?: (accessToken: string) => Promise<ProviderProfile>;
}

const GITHUB: client.ServerMetadata = {
  issuer: 'https://github.com',
  authorization_endpoint: 'https://github.com/login/oauth/authorize',
  token_endpoint: 'https://github.com/login/oauth/access_token',
};

function microsoftMetadata(tenant: string): client.ServerMetadata {
  const base = `https://login.microsoftonline.com/${encodeURIComponent(tenant)}`;
  return {
    issuer: `${base}/v2.0`,
    authorization_endpoint: `${base}/oauth2/v2.0/authorize`,
    token_endpoint: `${base}/oauth2/v2.0/token`,
  };
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const DISCOVERY_CACHE_MS = 60 * 60 * 1000;

/**
 * Builds provider clients with openid-client: the four built-in providers by their known
 * endpoints or issuers, any other OpenID provider by discovery of its issuer URL. Discovery
 * documents are cached an hour per issuer and client.
 */
export class OAuthProviders {
  readonly #shared: SharedOAuthCredentials;
  readonly #discovered = new Map<string, { at: number; config: Promise<client.Configuration> }>();

  constructor(shared: SharedOAuthCredentials = {}) {
    this.#shared = shared;
  }

  async clientFor(provider: OAuthProviderConfig): Promise<ProviderClient> {
    const credentials =
      provider.type === 'shared'
        ? this.#shared[provider.provider]
        : provider.client_id && provider.client_secret
          ? { clientId: provider.client_id, clientSecret: provider.client_secret }
          : undefined;
    if (!credentials) throw oauthErrors.providerNotFoundOrNotEnabled();
    const { clientId, clientSecret } = credentials;
    switch (provider.provider) {
      case 'github':
        return {
          config: new client.Configuration(GITHUB, clientId, clientSecret),
          isOpenId: false,
          defaultScopes: ['user:email'],
          extraParameters: {},
          fetchProfile: fetchGitHubProfile,
        };
      case 'microsoft':
        // Plain OAuth 2 against Microsoft Graph: ID tokens of the `common` tenant name the
        // user's own tenant as issuer, which no fixed issuer check accepts.
        return {
          config: new client.Configuration(
            microsoftMetadata(provider.microsoft_tenant_id ?? 'common'),
            clientId,
            clientSecret,
          ),
          isOpenId: false,
          defaultScopes: ['User.Read', 'offline_access'],
          extraParameters: {},
          fetchProfile: fetchMicrosoftProfile,
        };
      case 'google':
        return {
          config: await this.#discover('https://accounts.google.com', clientId, clientSecret),
          isOpenId: true,
          defaultScopes: ['openid', 'email', 'profile'],
          // Google gives a refresh token only to offline access with consent.
          extraParameters: { access_type: 'offline', prompt: 'consent' },
        };
      case 'apple':
        // Apple posts the callback as a form once name or email are asked for. Its client
        // secret is the signed JWT Apple's documentation describes, set as the secret.
        return {
          config: await this.#discover('https://appleid.apple.com', clientId, clientSecret),
          isOpenId: true,
          defaultScopes: ['openid', 'email', 'name'],
          extraParameters: { response_mode: 'form_post' },
        };
      case 'oidc': {
        if (!provider.issuer_url) throw oauthErrors.providerNotFoundOrNotEnabled();
        const config = await this.#discover(provider.issuer_url, clientId, clientSecret);
        const supported = config.serverMetadata().scopes_supported ?? [];
        // Refresh tokens (for connected accounts) come with offline_access and consent.
        const offline = supported.includes('offline_access');
        return {
          config,
          isOpenId: true,
          defaultScopes: ['openid', 'email', 'profile', ...(offline ? ['offline_access'] : [])],
          extraParameters: offline ? { prompt: 'consent' } : {},
        };
      }
      default:
        throw oauthErrors.providerNotFoundOrNotEnabled();
    }
  }

  #discover(issuer: string, clientId: string, clientSecret: string) {
    const key = JSON.stringify([issuer, clientId, clientSecret]);
    const cached = this.#discovered.get(key);
    if (cached && Date.now() - cached.at < DISCOVERY_CACHE_MS) return cached.config;
    const url = new URL(issuer);
    // Plain http only to a provider on this machine (a local stand-in); elsewhere https.
    const isLoopback = url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
    const config = client
      .discovery(url, clientId, clientSecret, undefined, {
        ...(isLoopback ? { execute: [client.allowInsecureRequests] } : {}),
      })
      .catch((error: unknown) => {
        this.#discovered.delete(key); // try again on the next sign-in
        throw error;
      });
    this.#discovered.set(key, { at: Date.now(), config });
    return config;
  }
}

async function fetchJson(url: string, accessToken: string): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    headers: {
      authorization: `Bearer ${accessToken}`,
      accept: 'application/json',
      'user-agent': 'ipick',
    },
  });
  if (!response.ok) throw oauthErrors.providerTemporarilyUnavailable();
  return (await response.json()) as Record<string, unknown>;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** GitHub: the profile, and the primary email only if GitHub says it is verified. */
async function fetchGitHubProfile(accessToken: string): Promise<ProviderProfile> {
  const user = await fetchJson('https://api.github.com/user', accessToken);
  const emails = (await fetchJson('https://api.github.com/user/emails', accessToken)) as unknown;
  const primary = Array.isArray(emails)
    ? (emails as { email: string; primary: boolean; verified: boolean }[]).find((e) => e.primary)
    : undefined;
  return {
    accountId: String(user.id),
    email: primary?.email ?? text(user.email),
    emailVerified: primary?.verified ?? false,
    displayName: text(user.name) ?? text(user.login),
    profileImageUrl: text(user.avatar_url),
  };
}

/** Microsoft Graph: its emails are not known to be verified, so they never merge accounts. */
async function fetchMicrosoftProfile(accessToken: string): Promise<ProviderProfile> {
  const me = await fetchJson('https://graph.microsoft.com/v1.0/me', accessToken);
  return {
    accountId: String(me.id),
    email: text(me.mail) ?? text(me.userPrincipalName),
    emailVerified: false,
    displayName: text(me.displayName),
    profileImageUrl: null,
  };
}

/** The profile in an OpenID provider's ID token claims (and userinfo, when it has more). */
export function profileFromClaims(claims: Record<string, unknown>): ProviderProfile {
  return {
    accountId: String(claims.sub),
    email: text(claims.email),
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    displayName: text(claims.name) ?? text(claims.preferred_username),
    profileImageUrl: text(claims.picture),
  };
}
