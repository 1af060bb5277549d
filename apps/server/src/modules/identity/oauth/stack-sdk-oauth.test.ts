import { createHash, randomBytes } from 'node:crypto';
import * as stack2_8_108 from '@stackframe/js';
import * as stack2_8_102 from 'stackframe-js-2-8-102';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdentityApp, type IdentityApp } from '../../../../test/identity-app.ts';
import { updateProjectConfig } from '../../../../test/identity-client.ts';
import {
  startLocalOidcProvider,
  walkProvider,
  type LocalOidcProvider,
} from '../../../../test/local-oidc-provider.ts';

/**
 * OAuth sign-in with PKCE through the published Stack client's own OAuth calls, on both pinned
 * versions, against a real OpenID provider on loopback: the client builds the authorize address
 * (getOAuthUrl), the person signs in at the provider, ipick's callback sends them back with a
 * one-time code, and the client exchanges it with its verifier (callOAuthCallback, which runs
 * oauth4webapi's authorization-code grant). `signInWithOAuth` itself wraps these two with the
 * browser's cookies and window.location, which Node has not.
 */
type Sdk = typeof stack2_8_108;
const sdks: { version: string; sdk: Sdk }[] = [
  { version: '2.8.108', sdk: stack2_8_108 },
  { version: '2.8.102', sdk: stack2_8_102 as unknown as Sdk },
];

/** The client's internal OAuth calls that signInWithOAuth and callOAuthCallback use. */
interface SdkOAuthInterface {
  getOAuthUrl(options: Record<string, unknown>): Promise<string>;
  callOAuthCallback(options: {
    oauthParams: URLSearchParams;
    redirectUri: string;
    codeVerifier: string;
    state: string;
  }): Promise<{ newUser: boolean; accessToken: string; refreshToken: string }>;
}

const PUBLIC_URL = 'http://localhost:3000';
const CLIENT_REDIRECT = `${PUBLIC_URL}/handler/oauth-callback`;
const PROVIDER = 'local';

let identity: IdentityApp;
let oidc: LocalOidcProvider;

beforeAll(async () => {
  identity = await startIdentityApp({ listen: true, settings: { publicUrl: PUBLIC_URL } });
  oidc = await startLocalOidcProvider({
    redirectUris: [`${PUBLIC_URL}/api/v1/auth/oauth/callback/${PROVIDER}`],
    accessTokenSeconds: 600,
  });
  await updateProjectConfig(identity.testDb.database.db, identity.keys.projectId, {
    oauth_providers: [
      {
        id: PROVIDER,
        provider: 'oidc',
        type: 'standard',
        client_id: oidc.clientId,
        client_secret: oidc.clientSecret,
        issuer_url: oidc.issuer,
      },
    ],
  });
});
afterAll(async () => {
  await identity?.close();
  await oidc?.close();
});

/** ipick's cookies from a fetch answer, as a browser would send them back. */
function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

describe.each(sdks)('OAuth with PKCE through @stackframe/js $version', ({ version, sdk }) => {
  it('authorize → provider → callback → code exchange signs a new person in, then again', async () => {
    const client = new sdk.StackClientApp({
      baseUrl: identity.baseUrl,
      projectId: identity.keys.projectId,
      publishableClientKey: identity.keys.publishableClientKey,
      tokenStore: 'memory',
      noAutomaticPrefetch: true,
      redirectMethod: 'none',
    });
    const internals = client as unknown as {
      _interface: SdkOAuthInterface;
      _getSession(): Promise<unknown>;
    };
    const login = `sdk-${version}-${Date.now()}`;
    const email = `${login}@oidc.test`;
    oidc.addAccount(login, { email, name: `SDK ${version}` });

    /** The client's authorize address, the provider, and ipick's callback back to the client. */
    const walk = async () => {
      const verifier = randomBytes(32).toString('base64url');
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      const state = randomBytes(16).toString('base64url');
      const authorizeUrl = await internals._interface.getOAuthUrl({
        provider: PROVIDER,
        redirectUrl: CLIENT_REDIRECT,
        errorRedirectUrl: `${PUBLIC_URL}/handler/error`,
        codeChallenge: challenge,
        state,
        type: 'authenticate',
        session: await internals._getSession(),
      });
      expect(
        authorizeUrl.startsWith(`${identity.baseUrl}/api/v1/auth/oauth/authorize/local?`),
      ).toBe(true);
      const authorize = await fetch(authorizeUrl, { redirect: 'manual' });
      expect(authorize.status).toBe(307);
      const callbackUrl = await walkProvider(authorize.headers.get('location')!, oidc.issuer, {
        login,
      });
      const callback = await fetch(
        `${identity.baseUrl}${callbackUrl.pathname}${callbackUrl.search}`,
        { redirect: 'manual', headers: { cookie: cookiesOf(authorize) } },
      );
      expect(callback.status).toBe(303);
      const back = new URL(callback.headers.get('location')!);
      expect(back.origin + back.pathname).toBe(CLIENT_REDIRECT);
      expect(back.searchParams.get('state')).toBe(state);
      return { oauthParams: back.searchParams, verifier, state };
    };
    const exchangeWith = async () => {
      const { oauthParams, verifier, state } = await walk();
      return internals._interface.callOAuthCallback({
        oauthParams,
        redirectUri: CLIENT_REDIRECT,
        codeVerifier: verifier,
        state,
      });
    };

    const first = await exchangeWith();
    expect(first.newUser).toBe(true);
    expect(first.refreshToken).toBeTruthy();
    const me = await fetch(`${identity.baseUrl}/api/v1/users/me`, {
      headers: {
        'x-stack-access-type': 'client',
        'x-stack-project-id': identity.keys.projectId,
        'x-stack-publishable-client-key': identity.keys.publishableClientKey,
        'x-stack-access-token': first.accessToken,
      },
    });
    expect(((await me.json()) as { primary_email: string }).primary_email).toBe(email);

    const again = await exchangeWith();
    expect(again.newUser).toBe(false);
    expect(again.refreshToken).not.toBe(first.refreshToken);

    // The client's exchange with another verifier than the challenge's is refused.
    const { oauthParams, state } = await walk();
    await expect(
      internals._interface.callOAuthCallback({
        oauthParams,
        redirectUri: CLIENT_REDIRECT,
        codeVerifier: randomBytes(32).toString('base64url'),
        state,
      }),
    ).rejects.toThrow();
  });
});
