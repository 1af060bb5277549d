import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

/** One person with an account at the local provider. */
export interface LocalAccount {
  email: string;
  emailVerified?: boolean;
  name?: string;
}

export interface LocalOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Adds (or replaces) an account that can sign in with this login. */
  addAccount(login: string, account: LocalAccount): void;
  close(): Promise<void>;
}

/**
 * A real OpenID provider on loopback (oidc-provider) as the tests' stand-in for Google or any
 * issuer: discovery, PKCE required, ID tokens, userinfo, refresh tokens with offline_access,
 * and its development login and consent pages, which the tests submit like a browser would.
 */
export async function startLocalOidcProvider(options: {
  redirectUris: string[];
  /** Access tokens' lifetime, so tests can watch a refresh happen. */
  accessTokenSeconds?: number;
  /** A fixed port (browser tests configure ipick with it); any free one otherwise. */
  port?: number;
  /** Any login signs in, as `<login>@oidc.test` with a verified email (browser tests). */
  acceptAnyLogin?: boolean;
  /** ipick's client id and secret there; fixed test ones otherwise. */
  client?: { id: string; secret: string };
}): Promise<LocalOidcProvider> {
  const accounts = new Map<string, LocalAccount>();
  let handle: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  // The issuer needs the port, so the server listens first and answers 503 until the provider
  // is ready (a health check may come in between).
  const server = createServer((req, res) => {
    if (handle) return handle(req, res);
    res.statusCode = 503;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const clientId = options.client?.id ?? 'ipick-test-client';
  const clientSecret = options.client?.secret ?? 'ipick-test-client-secret-0123456789';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig' }] },
    cookies: { keys: ['local-oidc-provider-cookie-key'] },
    scopes: ['openid', 'offline_access', 'email', 'profile', 'contacts.read'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    ttl: {
      AccessToken: options.accessTokenSeconds ?? 3600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      RefreshToken: 24 * 3600,
    },
    findAccount: (_ctx, login) => {
      const account: LocalAccount | undefined =
        accounts.get(login) ??
        (options.acceptAnyLogin ? { email: `${login}@oidc.test`, name: login } : undefined);
      if (!account) return undefined;
      return {
        accountId: login,
        claims: () => ({
          sub: login,
          email: account.email,
          email_verified: account.emailVerified ?? true,
          name: account.name ?? login,
        }),
      };
    },
  });
  // Its development pages warn on each start; the tests know they run against them.
  provider.on('server_error', (_ctx, error) => console.error('local OIDC provider:', error));
  handle = provider.callback();
  return {
    issuer,
    clientId,
    clientSecret,
    addAccount: (login, account) => void accounts.set(login, account),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * A browser's walk through the provider: follows redirects by hand, keeps its cookies, and
 * submits the development login and consent forms. Stops at the first URL outside the
 * provider (ipick's callback) and returns it.
 */
export async function walkProvider(
  start: string,
  issuer: string,
  choice: { login: string } | { abort: true },
): Promise<URL> {
  const cookies = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const separator = pair!.indexOf('=');
      cookies.set(pair!.slice(0, separator).trim(), pair!.slice(separator + 1));
    }
    return response;
  };
  let url = new URL(start);
  for (let step = 0; step < 20; step++) {
    if (url.origin !== issuer) return url;
    const response = await send(url.href);
    if (response.status >= 300 && response.status < 400) {
      url = new URL(response.headers.get('location')!, url);
      continue;
    }
    const page = await response.text();
    if (response.status !== 200) throw new Error(`Provider answered ${response.status}: ${page}`);
    const interaction = /^\/interaction\/([^/]+)$/.exec(url.pathname);
    if (!interaction) throw new Error(`Unexpected provider page ${url.href}`);
    if ('abort' in choice) {
      url = new URL(`/interaction/${interaction[1]}/abort`, issuer);
      continue;
    }
    const isLogin = page.includes('name="login"');
    const form = new URLSearchParams(
      isLogin ? { prompt: 'login', login: choice.login, password: 'any' } : { prompt: 'consent' },
    );
    const submitted = await send(url.href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    if (submitted.status < 300 || submitted.status >= 400) {
      throw new Error(`Provider form answered ${submitted.status}: ${await submitted.text()}`);
    }
    url = new URL(submitted.headers.get('location')!, url);
  }
  throw new Error('Too many redirects at the provider');
}
