import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdentityApp, type IdentityApp } from '../../../../test/identity-app.ts';
import { updateProjectConfig, type IdentityKeys } from '../../../../test/identity-client.ts';
import {
  startLocalOidcProvider,
  walkProvider,
  type LocalOidcProvider,
} from '../../../../test/local-oidc-provider.ts';
import type { TestDatabase } from '../../../../test/test-database.ts';

/**
 * OAuth sign-in with PKCE (stack-auth.md §3.6) against a real OpenID provider on loopback:
 * the client's authorize call, the provider's login and consent pages, ipick's callback, and
 * the token exchange, over HTTP as a browser and the clients make them.
 */
let testDb: TestDatabase;
let app: FastifyInstance;
let keys: IdentityKeys;
let api: IdentityApp['api'];
let oidc: LocalOidcProvider;
let identity: IdentityApp;

const PUBLIC_URL = 'http://localhost:3000';
const CLIENT_REDIRECT = `${PUBLIC_URL}/handler/oauth-callback`;
const PROVIDER = 'local';

beforeAll(async () => {
  identity = await startIdentityApp({ settings: { publicUrl: PUBLIC_URL } });
  ({ testDb, app, keys, api } = identity);
  oidc = await startLocalOidcProvider({
    redirectUris: [`${PUBLIC_URL}/api/v1/auth/oauth/callback/${PROVIDER}`],
    accessTokenSeconds: 600,
  });
  await useProviders([
    {
      id: PROVIDER,
      provider: 'oidc',
      type: 'standard',
      client_id: oidc.clientId,
      client_secret: oidc.clientSecret,
      issuer_url: oidc.issuer,
    },
  ]);
});
afterAll(async () => {
  await identity?.close();
  await oidc?.close();
});

const useProviders = (providers: unknown[], extra: Record<string, unknown> = {}) =>
  updateProjectConfig(testDb.database.db, keys.projectId, { oauth_providers: providers, ...extra });

let loginCount = 0;
/** A new person at the provider, with a verified email unless told otherwise. */
function newPerson(account: { email?: string; emailVerified?: boolean } = {}) {
  const login = `person-${Date.now()}-${++loginCount}`;
  const email = account.email ?? `${login}@oidc.test`;
  oidc.addAccount(login, {
    email,
    emailVerified: account.emailVerified,
    name: `Person ${loginCount}`,
  });
  return { login, email };
}

/** A client's PKCE pair (RFC 7636, S256), as the SDK makes it. */
function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

function authorizeUrl(query: Record<string, string>, provider = PROVIDER) {
  const params = new URLSearchParams({
    client_id: keys.projectId,
    client_secret: keys.publishableClientKey,
    redirect_uri: CLIENT_REDIRECT,
    scope: 'legacy',
    state: 'client-state-1',
    grant_type: 'authorization_code',
    code_challenge_method: 'S256',
    response_type: 'code',
    type: 'authenticate',
    ...query,
  });
  return `/api/v1/auth/oauth/authorize/${provider}?${params.toString()}`;
}

/** ipick's cookies from a response, as the browser would send them back. */
function cookieHeader(response: LightMyRequestResponse) {
  return response.cookies
    .filter((cookie) => cookie.value !== '')
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join('; ');
}

/**
 * Authorize at ipick, walk the provider, and come back to ipick's callback: returns the
 * callback's answer (a redirect to the client, with a code or an error).
 */
async function signInAtProvider(
  choice: { login: string } | { abort: true },
  query: Record<string, string> = {},
) {
  const authorize = await app.inject({ method: 'GET', url: authorizeUrl(query) });
  expect(authorize.statusCode, authorize.body).toBe(307);
  const callbackUrl = await walkProvider(authorize.headers.location as string, oidc.issuer, choice);
  expect(callbackUrl.origin + callbackUrl.pathname).toBe(
    `${PUBLIC_URL}/api/v1/auth/oauth/callback/${PROVIDER}`,
  );
  const callback = await app.inject({
    method: 'GET',
    url: callbackUrl.pathname + callbackUrl.search,
    headers: { cookie: cookieHeader(authorize) },
  });
  return { authorize, callbackUrl, callback };
}

function exchange(code: string, verifier: string, redirectUri = CLIENT_REDIRECT) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: redirectUri,
      client_id: keys.projectId,
      client_secret: keys.publishableClientKey,
    }).toString(),
  });
}

/** The whole sign-in: returns the token answer's body. */
async function signIn(login: string, query: Record<string, string> = {}) {
  const { verifier, challenge } = pkce();
  const { callback } = await signInAtProvider({ login }, { code_challenge: challenge, ...query });
  expect(callback.statusCode, callback.body).toBe(303);
  const back = new URL(callback.headers.location as string);
  expect(back.origin + back.pathname).toBe(CLIENT_REDIRECT);
  expect(back.searchParams.get('state')).toBe(query.state ?? 'client-state-1');
  const tokens = await exchange(back.searchParams.get('code')!, verifier);
  return { tokens, code: back.searchParams.get('code')!, verifier };
}

/** The JSON answers these tests read. */
interface Answer {
  access_token: string;
  refresh_token: string;
  id: string;
  user_id: string;
  location: string;
  error: string;
  code: string;
  details: { attempt_code: string };
  items: Answer[];
  config: { enabled_oauth_providers: unknown };
  oauth_providers: unknown;
  account_id?: string;
}
const read = (response: LightMyRequestResponse) => response.json<Answer>();

const countUsers = async () =>
  Number(
    (
      await sql<{ count: string }>`select count(*) as count from identity_users`.execute(
        testDb.database.db,
      )
    ).rows[0]!.count,
  );

describe('OAuth sign-in with PKCE', () => {
  it('signs a new person up, then signs the same person in again', async () => {
    const person = newPerson();
    const first = await signIn(person.login);
    expect(first.tokens.statusCode, first.tokens.body).toBe(200);
    const body = read(first.tokens);
    expect(body).toMatchObject({ token_type: 'Bearer', scope: 'legacy', is_new_user: true });
    expect(first.tokens.headers['cache-control']).toContain('no-store');
    const me = await api.call('GET', '/users/me', { accessToken: body.access_token });
    expect(read(me)).toMatchObject({
      primary_email: person.email,
      primary_email_verified: true,
      has_password: false,
      display_name: expect.stringMatching(/^Person /) as unknown,
      oauth_providers: [{ id: PROVIDER, account_id: person.login, email: person.email }],
    });
    const again = await signIn(person.login);
    expect(read(again.tokens)).toMatchObject({ is_new_user: false });
    const meAgain = await api.call('GET', '/users/me', {
      accessToken: read(again.tokens).access_token,
    });
    expect(read(meAgain).id).toBe(read(me).id);
    // The refresh token is a session like any other.
    const refreshed = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/oauth/token',
      payload: {
        grant_type: 'refresh_token',
        refresh_token: body.refresh_token,
        client_id: keys.projectId,
        client_secret: keys.publishableClientKey,
      },
    });
    expect(refreshed.statusCode).toBe(200);
  });

  it('keeps the flow in a signed, httpOnly cookie of one hour and sends the user to the provider with PKCE', async () => {
    const { challenge } = pkce();
    const response = await app.inject({
      method: 'GET',
      url: authorizeUrl({ code_challenge: challenge }),
    });
    expect(response.statusCode).toBe(307);
    const location = new URL(response.headers.location as string);
    expect(location.origin).toBe(oidc.issuer);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('redirect_uri')).toBe(
      `${PUBLIC_URL}/api/v1/auth/oauth/callback/${PROVIDER}`,
    );
    // The provider sees ipick's own challenge, never the client's.
    expect(location.searchParams.get('code_challenge')).not.toBe(challenge);
    const [cookie] = response.cookies;
    expect(cookie).toMatchObject({
      name: `stack-oauth-inner-${location.searchParams.get('state')}`,
      httpOnly: true,
      maxAge: 3600,
      path: '/api/v1/auth/oauth/callback',
    });
    const json = await app.inject({
      method: 'GET',
      url: authorizeUrl({ code_challenge: challenge, stack_response_mode: 'json' }),
    });
    expect(json.statusCode).toBe(200);
    expect(new URL(read(json).location).origin).toBe(oidc.issuer);
  });

  it('refuses a code used twice, a wrong verifier and another redirect_uri', async () => {
    const person = newPerson();
    const { tokens, code, verifier } = await signIn(person.login);
    expect(tokens.statusCode).toBe(200);
    const reused = await exchange(code, verifier);
    expect(reused.statusCode).toBe(400);
    expect(reused.headers['x-stack-known-error']).toBe('INVALID_AUTHORIZATION_CODE');

    const wrongVerifier = await signInAtProvider(
      { login: person.login },
      { code_challenge: pkce().challenge },
    );
    const back = new URL(wrongVerifier.callback.headers.location as string);
    const refused = await exchange(back.searchParams.get('code')!, pkce().verifier);
    expect(refused.statusCode).toBe(400);
    expect(read(refused)).toMatchObject({ error: 'invalid_grant' });
    // A refused code is spent: a thief who guessed wrong cannot try again.
    const afterwards = await exchange(back.searchParams.get('code')!, pkce().verifier);
    expect(afterwards.headers['x-stack-known-error']).toBe('INVALID_AUTHORIZATION_CODE');

    const pair = pkce();
    const other = await signInAtProvider(
      { login: person.login },
      { code_challenge: pair.challenge },
    );
    const otherCode = new URL(other.callback.headers.location as string).searchParams.get('code')!;
    const wrongRedirect = await exchange(otherCode, pair.verifier, `${PUBLIC_URL}/elsewhere`);
    expect(read(wrongRedirect)).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses an untrusted redirect_uri before anything reaches the provider', async () => {
    const response = await app.inject({
      method: 'GET',
      url: authorizeUrl({
        code_challenge: pkce().challenge,
        redirect_uri: 'https://evil.example/steal',
      }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['x-stack-known-error']).toBe('REDIRECT_URL_NOT_WHITELISTED');
    expect(response.cookies).toEqual([]);
  });

  it('refuses bad authorize input with the error that names it', async () => {
    const unknown = await app.inject({
      method: 'GET',
      url: authorizeUrl({ code_challenge: pkce().challenge }, 'nosuch'),
    });
    expect(unknown.headers['x-stack-known-error']).toBe('OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED');
    const plain = await app.inject({
      method: 'GET',
      url: authorizeUrl({ code_challenge: pkce().challenge, code_challenge_method: 'plain' }),
    });
    expect(plain.headers['x-stack-known-error']).toBe('SCHEMA_ERROR');
    expect(read(plain).error).toContain('query.code_challenge_method: must be S256');
    const wrongKey = await app.inject({
      method: 'GET',
      url: authorizeUrl({ code_challenge: pkce().challenge, client_secret: 'pck_wrong' }),
    });
    expect(wrongKey.headers['x-stack-known-error']).toBe('INVALID_OAUTH_CLIENT_ID_OR_SECRET');
  });

  it('refuses a callback whose state matches no flow of this browser, or whose cookie was changed', async () => {
    const person = newPerson();
    const { authorize, callbackUrl } = await (async () => {
      const started = await app.inject({
        method: 'GET',
        url: authorizeUrl({ code_challenge: pkce().challenge }),
      });
      const url = await walkProvider(started.headers.location as string, oidc.issuer, {
        login: person.login,
      });
      return { authorize: started, callbackUrl: url };
    })();
    const usersBefore = await countUsers();
    const wrongState = new URL(callbackUrl);
    wrongState.searchParams.set('state', 'not-the-state');
    const badState = await app.inject({
      method: 'GET',
      url: wrongState.pathname + wrongState.search,
      headers: { cookie: cookieHeader(authorize) },
    });
    expect(badState.statusCode).toBe(400);
    expect(badState.body).toContain('OAuth state does not match');
    const [cookie] = authorize.cookies;
    const changed = await app.inject({
      method: 'GET',
      url: callbackUrl.pathname + callbackUrl.search,
      headers: { cookie: `${cookie!.name}=${cookie!.value.slice(0, -4)}AAAA` },
    });
    expect(changed.statusCode).toBe(400);
    const noCookie = await app.inject({
      method: 'GET',
      url: callbackUrl.pathname + callbackUrl.search,
    });
    expect(noCookie.statusCode).toBe(400);
    const missing = await app.inject({
      method: 'GET',
      url: `/api/v1/auth/oauth/callback/${PROVIDER}?code=abc`,
    });
    expect(missing.headers['x-stack-known-error']).toBe('SCHEMA_ERROR');
    expect(await countUsers()).toBe(usersBefore);
  });

  it('sends a refusal at the provider back to the client as an error, creating nobody', async () => {
    const usersBefore = await countUsers();
    const { callback } = await signInAtProvider(
      { abort: true },
      { code_challenge: pkce().challenge },
    );
    expect(callback.statusCode).toBe(303);
    const back = new URL(callback.headers.location as string);
    expect(back.origin + back.pathname).toBe(CLIENT_REDIRECT);
    expect(back.searchParams.get('error')).toBe('server_error');
    expect(back.searchParams.get('errorCode')).toBe('OAUTH_PROVIDER_ACCESS_DENIED');
    expect(back.searchParams.get('state')).toBe('client-state-1');
    expect(back.searchParams.get('code')).toBeNull();
    expect(await countUsers()).toBe(usersBefore);
  });
});

describe('accounts that share an email', () => {
  async function userWithVerifiedEmail(email: string) {
    const created = await api.call('POST', '/users', {
      tier: 'server',
      body: { primary_email: email, primary_email_verified: true, password: 'a long password 1' },
    });
    expect(created.statusCode).toBe(201);
    return created.json<{ id: string }>().id;
  }

  it('joins the user of the same verified email when the project merges (link_method)', async () => {
    const email = `merge-${Date.now()}@oidc.test`;
    const userId = await userWithVerifiedEmail(email);
    const person = newPerson({ email });
    const { tokens } = await signIn(person.login);
    expect(read(tokens)).toMatchObject({ is_new_user: false });
    const me = await api.call('GET', '/users/me', { accessToken: read(tokens).access_token });
    expect(read(me)).toMatchObject({ id: userId, has_password: true });
  });

  it('never joins on an email the provider did not verify', async () => {
    const email = `unverified-${Date.now()}@oidc.test`;
    const userId = await userWithVerifiedEmail(email);
    const person = newPerson({ email, emailVerified: false });
    const { tokens } = await signIn(person.login);
    const me = await api.call('GET', '/users/me', { accessToken: read(tokens).access_token });
    expect(read(me).id).not.toBe(userId);
    expect(read(me)).toMatchObject({ is_anonymous: false, auth_with_email: false });
  });

  it('refuses when the project says raise_error, and creates nobody', async () => {
    await updateProjectConfig(testDb.database.db, keys.projectId, {
      oauth_account_merge_strategy: 'raise_error',
    });
    try {
      const email = `raise-${Date.now()}@oidc.test`;
      await userWithVerifiedEmail(email);
      const person = newPerson({ email });
      const usersBefore = await countUsers();
      const { callback } = await signInAtProvider(
        { login: person.login },
        { code_challenge: pkce().challenge },
      );
      const back = new URL(callback.headers.location as string);
      expect(back.searchParams.get('errorCode')).toBe('USER_EMAIL_ALREADY_EXISTS');
      expect(await countUsers()).toBe(usersBefore);
    } finally {
      await updateProjectConfig(testDb.database.db, keys.projectId, {
        oauth_account_merge_strategy: 'link_method',
      });
    }
  });
});

describe('two-factor sign-in', () => {
  it('answers an OAuth sign-in of a user with TOTP with MULTI_FACTOR_AUTHENTICATION_REQUIRED', async () => {
    const person = newPerson();
    const first = await signIn(person.login);
    const secret = randomBytes(20);
    await api.call('PATCH', '/users/me', {
      accessToken: read(first.tokens).access_token,
      body: { totp_secret_base64: secret.toString('base64') },
    });
    const second = await signIn(person.login);
    expect(second.tokens.statusCode).toBe(400);
    const body = read(second.tokens);
    expect(body.code).toBe('MULTI_FACTOR_AUTHENTICATION_REQUIRED');
    expect(body.access_token).toBeUndefined();
    const completed = await api.call('POST', '/auth/mfa/sign-in', {
      body: { type: 'totp', totp: await generate({ secret }), code: body.details.attempt_code },
    });
    expect(completed.statusCode).toBe(200);
  });
});

describe('OAuth providers and connected accounts', () => {
  it('lists, changes and removes the user own OAuth accounts', async () => {
    const person = newPerson();
    const { tokens } = await signIn(person.login);
    const accessToken = read(tokens).access_token;
    const list = await api.call('GET', '/oauth-providers?user_id=me', { accessToken });
    expect(list.statusCode).toBe(200);
    const item = read(list).items[0]!;
    expect(item).toMatchObject({
      provider_config_id: PROVIDER,
      type: 'oidc',
      email: person.email,
      allow_sign_in: true,
      allow_connected_accounts: true,
    });
    expect(item.account_id).toBeUndefined(); // the server tier's
    const patched = await api.call('PATCH', `/oauth-providers/me/${item.id}`, {
      accessToken,
      body: { allow_connected_accounts: false },
    });
    expect(read(patched)).toMatchObject({ allow_connected_accounts: false });
    const refusedField = await api.call('PATCH', `/oauth-providers/me/${item.id}`, {
      accessToken,
      body: { account_id: 'someone-else' },
    });
    expect(refusedField.headers['x-stack-known-error']).toBe('SCHEMA_ERROR');
    const server = await api.call('GET', `/oauth-providers/${item.user_id}/${item.id}`, {
      tier: 'server',
    });
    expect(read(server)).toMatchObject({ account_id: person.login });
    const removed = await api.call('DELETE', `/oauth-providers/me/${item.id}`, { accessToken });
    expect(read(removed)).toEqual({ success: true });
    const empty = await api.call('GET', '/oauth-providers', { accessToken });
    expect(read(empty).items).toEqual([]);
  });

  it('hands out a live provider token with the scopes asked, refreshing an expired one', async () => {
    const person = newPerson();
    const { tokens } = await signIn(person.login, { provider_scope: 'contacts.read' });
    const accessToken = read(tokens).access_token;
    const userInfo = (token: string) =>
      fetch(`${oidc.issuer}/me`, { headers: { authorization: `Bearer ${token}` } });

    const first = await api.call('POST', `/connected-accounts/me/${PROVIDER}/access-token`, {
      accessToken,
      body: { scope: 'contacts.read' },
    });
    expect(first.statusCode, first.body).toBe(200);
    const providerToken = read(first).access_token;
    expect((await userInfo(providerToken)).status).toBe(200);

    // The stored token is encrypted at rest, never in clear.
    const stored = await sql<{ access_token_encrypted: string; refresh_token_encrypted: string }>`
      select access_token_encrypted, refresh_token_encrypted from identity_oauth_accounts
      where account_id = ${person.login}`.execute(testDb.database.db);
    expect(stored.rows[0]!.access_token_encrypted).not.toContain(providerToken);
    expect(stored.rows[0]!.refresh_token_encrypted).toMatch(/^v1\./);

    await sql`update identity_oauth_accounts set access_token_expires_at = now() - interval '1 minute'
      where account_id = ${person.login}`.execute(testDb.database.db);
    const refreshed = await api.call('POST', `/connected-accounts/me/${PROVIDER}/access-token`, {
      accessToken,
      body: { scope: 'contacts.read' },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(read(refreshed).access_token).not.toBe(providerToken);
    expect((await userInfo(read(refreshed).access_token)).status).toBe(200);

    const missingScope = await api.call('POST', `/connected-accounts/me/${PROVIDER}/access-token`, {
      accessToken,
      body: { scope: 'calendar.write' },
    });
    expect(missingScope.headers['x-stack-known-error']).toBe(
      'OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE',
    );
    const list = await api.call('GET', '/connected-accounts/me', { accessToken });
    expect(read(list).items).toEqual([
      expect.objectContaining({ provider: PROVIDER, provider_account_id: person.login }),
    ]);
  });

  it('says a user without the provider is not connected, and lets them link it', async () => {
    const signUp = await api.call('POST', '/auth/password/sign-up', {
      body: { email: `link-${Date.now()}@example.com`, password: 'a long password 1' },
    });
    const accessToken = read(signUp).access_token;
    const notConnected = await api.call('POST', `/connected-accounts/me/${PROVIDER}/access-token`, {
      accessToken,
      body: { scope: '' },
    });
    expect(notConnected.headers['x-stack-known-error']).toBe(
      'OAUTH_CONNECTION_NOT_CONNECTED_TO_USER',
    );
    const person = newPerson();
    const { tokens } = await signIn(person.login, { type: 'link', token: accessToken });
    expect(tokens.statusCode).toBe(200);
    const me = await api.call('GET', '/users/me', { accessToken });
    expect(read(me).oauth_providers).toEqual([
      { id: PROVIDER, account_id: person.login, email: person.email },
    ]);
    const connected = await api.call('POST', `/connected-accounts/me/${PROVIDER}/access-token`, {
      accessToken,
      body: {},
    });
    expect(connected.statusCode).toBe(200);
  });

  it('names the enabled providers on /projects/current', async () => {
    const project = await api.call('GET', '/projects/current');
    expect(read(project).config.enabled_oauth_providers).toEqual([{ id: PROVIDER }]);
  });
});
