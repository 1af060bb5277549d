import bcrypt from 'bcryptjs';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  expectKnownError,
  signUpWithPassword,
  startIdentityApp,
  type IdentityApp,
} from '../../../../test/identity-app.ts';
import { identityClient, type IdentityKeys } from '../../../../test/identity-client.ts';
import { extractLink, type SmtpInbox } from '../../../../test/smtp-inbox.ts';
import type { TestDatabase } from '../../../../test/test-database.ts';

let testDb: TestDatabase;
let app: FastifyInstance;
let inbox: SmtpInbox;
let keys: IdentityKeys;
let api: IdentityApp['api'];
let identity: IdentityApp;
const publicUrl = 'http://localhost:3000';

beforeAll(async () => {
  identity = await startIdentityApp({ smtp: true });
  ({ testDb, app, keys, api } = identity);
  inbox = identity.inbox!;
});
afterAll(() => identity?.close());

let counter = 0;
const newEmail = () => `shopper${++counter}-${Date.now()}@example.com`;

/** A new user, with the token endpoint's own field names. */
async function signUp(email = newEmail(), password = 'correct horse battery') {
  const user = await signUpWithPassword(api, { email, password });
  return {
    email,
    password,
    access_token: user.token,
    refresh_token: user.refreshToken,
    user_id: user.id,
  };
}

/** Asks for a sign-in link for `email` and returns the code the emailed link carries. */
async function emailedSignInCode(email: string): Promise<string> {
  const sent = await api.call('POST', '/auth/otp/send-sign-in-code', {
    body: { email, callback_url: '/handler/magic-link-callback' },
  });
  expect(sent.statusCode).toBe(200);
  return extractLink(
    (await inbox.waitForMail(email)).text,
    '/handler/magic-link-callback',
  ).searchParams.get('code')!;
}

/** The refresh grant, as the clients send it. */
function refresh(refreshToken: string, clientSecret = keys.publishableClientKey) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
    payload: new URLSearchParams({
      refresh_token: refreshToken,
      grant_type: 'refresh_token',
      client_id: keys.projectId,
      client_secret: clientSecret,
    }).toString(),
  });
}

describe('request headers', () => {
  it('needs an access type', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/users/me' });
    expectKnownError(response, 400, 'ACCESS_TYPE_REQUIRED');
  });

  it('refuses an access type other than client, server or admin', async () => {
    const response = await api.call('GET', '/users/me', {
      headers: { 'x-stack-access-type': 'root' },
    });
    expectKnownError(response, 400, 'INVALID_ACCESS_TYPE');
    expect(response.json()).toMatchObject({ details: { accessType: 'root' } });
  });

  it('needs a project id', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { 'x-stack-access-type': 'client' },
    });
    expectKnownError(response, 400, 'ACCESS_TYPE_WITHOUT_PROJECT_ID');
  });

  it('refuses a wrong publishable key and a wrong server key', async () => {
    const client = await api.call('GET', '/projects/current', {
      headers: { 'x-stack-publishable-client-key': 'pck_wrong' },
    });
    expectKnownError(client, 401, 'INVALID_PUBLISHABLE_CLIENT_KEY');
    const server = await api.call('GET', '/users', {
      tier: 'server',
      headers: { 'x-stack-secret-server-key': 'ssk_wrong' },
    });
    expectKnownError(server, 401, 'INVALID_SECRET_SERVER_KEY');
  });

  it('reads the x-hexclave- spelling like the x-stack- one', async () => {
    const hexclave = identityClient(app, keys, 'x-hexclave');
    const response = await hexclave.call('GET', '/projects/current');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: keys.projectId, display_name: 'ipick' });
  });

  it('answers 200 with the real status in a header when asked to override error statuses', async () => {
    const response = await api.call('POST', '/auth/password/sign-in', {
      body: { email: 'nobody@example.com', password: 'whatever123' },
      headers: { 'x-hexclave-override-error-status': 'true' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-stack-actual-status']).toBe('400');
    expect(response.headers['x-hexclave-actual-status']).toBe('400');
    expect(response.headers['x-stack-known-error']).toBe('EMAIL_PASSWORD_MISMATCH');
  });

  it('knows only the main branch', async () => {
    const main = await api.call('GET', '/projects/current', {
      headers: { 'x-stack-branch-id': 'main' },
    });
    expect(main.statusCode).toBe(200);
    for (const prefix of ['x-stack', 'x-hexclave']) {
      const response = await api.call('GET', '/projects/current', {
        headers: { [`${prefix}-branch-id`]: 'nope' },
      });
      expectKnownError(response, 400, 'BRANCH_DOES_NOT_EXIST');
      expect(response.json()).toMatchObject({ details: { branch_id: 'nope' } });
    }
  });

  it('answers an unknown endpoint 404, or 200 with the real status when asked to override', async () => {
    const plain = await api.call('GET', '/no-such-endpoint');
    expect(plain.statusCode).toBe(404);
    expect(plain.headers['content-type']).toMatch(/^text\/plain/);
    expect(plain.headers['x-stack-known-error']).toBeUndefined();
    for (const prefix of ['x-stack', 'x-hexclave']) {
      const response = await api.call('POST', '/no-such-endpoint', {
        body: {},
        headers: { [`${prefix}-override-error-status`]: 'true' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-stack-actual-status']).toBe('404');
      expect(response.headers['x-hexclave-actual-status']).toBe('404');
      expect(response.headers['x-stack-known-error']).toBeUndefined();
    }
  });

  it('greets at the API root and says who is calling', async () => {
    for (const url of ['/api/v1', '/api/v1/', '/api/latest']) {
      const anonymous = await app.inject({ method: 'GET', url });
      expect(anonymous.statusCode).toBe(200);
      expect(anonymous.headers['content-type']).toMatch(/^text\/plain/);
      expect(anonymous.body).toMatch(/^Welcome to the Stack API endpoint!/);
      expect(anonymous.body.split('\n')).toContain('Authentication: None');
    }
    const client = await api.call('GET', '');
    expect(client.statusCode).toBe(200);
    expect(client.body).toContain('Authentication: Client');
    expect(client.body).toContain(`Project: ${keys.projectId}`);
    expectKnownError(
      await app.inject({ method: 'GET', url: '/api/v1?unknown=1' }),
      400,
      'SCHEMA_ERROR',
    );
  });

  it('serves /api/latest as /api/v1', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/latest/projects/current?',
      headers: api.headers('client'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: keys.projectId });
    const { access_token } = await signUp();
    const me = await app.inject({
      method: 'PATCH',
      url: '/api/latest/users/me',
      headers: api.headers('client', access_token),
      payload: { display_name: 'Latest' },
    });
    expect(me.json()).toMatchObject({ display_name: 'Latest' });
    const unknown = await app.inject({ method: 'GET', url: '/api/latest/no-such-endpoint' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/^text\/plain/);
    // Only that exact prefix is an alias.
    const lookalike = await app.inject({
      method: 'GET',
      url: '/api/latestly/projects/current',
      headers: api.headers('client'),
    });
    expect(lookalike.statusCode).not.toBe(200);
  });

  it('names the bad field of a body in a SCHEMA_ERROR', async () => {
    const response = await api.call('POST', '/auth/password/sign-up', {
      body: { email: 'not-an-email', password: 'long enough', extra: 1 },
    });
    expectKnownError(response, 400, 'SCHEMA_ERROR');
    const { details } = response.json<{ details: { message: string } }>();
    expect(details.message).toContain('body.email');
    expect(details.message).toContain('extra');
  });
});

describe('password sign-up and sign-in', () => {
  it('signs up and returns an ES256 access token with the full claim set', async () => {
    const { access_token, refresh_token, user_id, email } = await signUp();
    expect(refresh_token).toMatch(/^[a-z2-7]{45}$/);
    const jwks = await app.inject({
      url: `/api/v1/projects/${keys.projectId}/.well-known/jwks.json`,
    });
    expect(jwks.statusCode).toBe(200);
    const { payload, protectedHeader } = await jwtVerify(
      access_token,
      createLocalJWKSet(jwks.json()),
      { audience: keys.projectId, issuer: `${publicUrl}/api/v1/projects/${keys.projectId}` },
    );
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload).toMatchObject({
      sub: user_id,
      project_id: keys.projectId,
      branch_id: 'main',
      role: 'authenticated',
      email,
      email_verified: false,
      name: null,
      selected_team_id: null,
      is_anonymous: false,
      is_restricted: false,
      restricted_reason: null,
      requires_totp_mfa: false,
    });
    expect(typeof payload.refresh_token_id).toBe('string');
    expect(typeof payload.signed_up_at).toBe('number');
    expect(payload.exp! - payload.iat!).toBe(600);
  });

  it('lets the JWKS be cached for an hour, and nothing else', async () => {
    const jwks = await app.inject({
      url: `/api/v1/projects/${keys.projectId}/.well-known/jwks.json`,
    });
    expect(jwks.statusCode).toBe(200);
    expect(jwks.headers['cache-control']).toBe('public, max-age=3600');
    const unknownProject = await app.inject({
      url: '/api/v1/projects/00000000-0000-4000-8000-000000000000/.well-known/jwks.json',
    });
    expect(unknownProject.statusCode).toBe(404);
    expect(unknownProject.headers['cache-control']).toBe('no-store, max-age=0');
    const project = await api.call('GET', '/projects/current');
    expect(project.headers['cache-control']).toBe('no-store, max-age=0');
  });

  it('refuses a second account with the same email, whatever its case', async () => {
    const { email, password } = await signUp();
    const response = await api.call('POST', '/auth/password/sign-up', {
      body: { email: email.toUpperCase(), password },
    });
    expectKnownError(response, 409, 'USER_EMAIL_ALREADY_EXISTS');
  });

  it('refuses passwords that are too short or too long, with the bound in details', async () => {
    const short = await api.call('POST', '/auth/password/sign-up', {
      body: { email: newEmail(), password: 'short' },
    });
    expectKnownError(short, 400, 'PASSWORD_TOO_SHORT');
    expect(short.json()).toMatchObject({ details: { min_length: 8 } });
    const long = await api.call('POST', '/auth/password/sign-up', {
      body: { email: newEmail(), password: 'x'.repeat(71) },
    });
    expectKnownError(long, 400, 'PASSWORD_TOO_LONG');
    expect(long.json()).toMatchObject({ details: { maxLength: 70 } });
  });

  it('signs in with the right password and gives the same error for a wrong one or an unknown email', async () => {
    const { email, password } = await signUp();
    const ok = await api.call('POST', '/auth/password/sign-in', { body: { email, password } });
    expect(ok.statusCode).toBe(200);
    const wrong = await api.call('POST', '/auth/password/sign-in', {
      body: { email, password: 'not the password' },
    });
    expectKnownError(wrong, 400, 'EMAIL_PASSWORD_MISMATCH');
    const unknown = await api.call('POST', '/auth/password/sign-in', {
      body: { email: newEmail(), password: 'not the password' },
    });
    expect(unknown.json()).toEqual(wrong.json());
  });
});

describe('the current user', () => {
  it('reads the client shape, renames, and deletes only when the project allows it', async () => {
    const { access_token, user_id, email } = await signUp();
    const me = await api.call('GET', '/users/me', { accessToken: access_token });
    expect(me.statusCode).toBe(200);
    expect(Object.keys(me.json<object>()).sort()).toEqual(
      [
        'auth_with_email',
        'client_metadata',
        'client_read_only_metadata',
        'display_name',
        'has_password',
        'id',
        'is_anonymous',
        'is_restricted',
        'oauth_providers',
        'otp_auth_enabled',
        'passkey_auth_enabled',
        'primary_email',
        'primary_email_verified',
        'profile_image_url',
        'requires_totp_mfa',
        'restricted_by_admin',
        'restricted_by_admin_reason',
        'restricted_reason',
        'selected_team',
        'selected_team_id',
        'signed_up_at_millis',
      ].sort(),
    );
    expect(me.json()).toMatchObject({ id: user_id, primary_email: email, has_password: true });

    const renamed = await api.call('PATCH', '/users/me', {
      accessToken: access_token,
      body: { display_name: 'Ada Shopper', client_metadata: { theme: 'dark' } },
    });
    expect(renamed.json()).toMatchObject({
      display_name: 'Ada Shopper',
      client_metadata: { theme: 'dark' },
    });
    // An emptied name is no name: null, not "".
    const emptied = await api.call('PATCH', '/users/me', {
      accessToken: access_token,
      body: { display_name: '' },
    });
    expect(emptied.json()).toMatchObject({ display_name: null });
    await api.call('PATCH', '/users/me', {
      accessToken: access_token,
      body: { display_name: 'Ada Shopper' },
    });

    const serverOnlyField = await api.call('PATCH', '/users/me', {
      accessToken: access_token,
      body: { server_metadata: { role: 'admin' } },
    });
    expectKnownError(serverOnlyField, 400, 'SCHEMA_ERROR');

    // A new primary email starts unverified; another user's sign-in email is refused, and a
    // client may neither remove its email nor say it is verified.
    const moved = newEmail();
    const changed = await api.call('PATCH', '/users/me', {
      accessToken: access_token,
      body: { primary_email: moved.toUpperCase() },
    });
    expect(changed.json()).toMatchObject({ primary_email: moved, primary_email_verified: false });
    const other = await signUp();
    expectKnownError(
      await api.call('PATCH', '/users/me', {
        accessToken: access_token,
        body: { primary_email: other.email },
      }),
      409,
      'USER_EMAIL_ALREADY_EXISTS',
    );
    for (const body of [{ primary_email: null }, { primary_email_verified: true }]) {
      expectKnownError(
        await api.call('PATCH', '/users/me', { accessToken: access_token, body }),
        400,
        'SCHEMA_ERROR',
      );
    }

    const deletion = await api.call('DELETE', '/users/me', { accessToken: access_token });
    expect(deletion.statusCode).toBe(400);
    expect(deletion.body).toBe('Client user deletion is not enabled for this project');
  });

  it('says there is no user without an access token, and refuses a forged one', async () => {
    expectKnownError(await api.call('GET', '/users/me'), 400, 'CANNOT_GET_OWN_USER_WITHOUT_USER');
    const { access_token } = await signUp();
    const [header, payload] = access_token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(86)}`;
    expectKnownError(
      await api.call('GET', '/users/me', { accessToken: forged }),
      401,
      'UNPARSABLE_ACCESS_TOKEN',
    );
    expectKnownError(
      await api.call('GET', '/users/me', { accessToken: 'garbage' }),
      401,
      'UNPARSABLE_ACCESS_TOKEN',
    );
  });
});

describe('sessions and refresh', () => {
  it('refreshes an access token through the OAuth token endpoint', async () => {
    const { refresh_token, access_token } = await signUp();
    const response = await refresh(refresh_token);
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      access_token: string;
      token_type: string;
      refresh_token: string;
    }>();
    expect(body).toMatchObject({
      token_type: 'Bearer',
      refresh_token,
      scope: 'legacy',
      expires_in: 600,
    });
    expect(body.access_token).not.toBe(access_token);
    const me = await api.call('GET', '/users/me', { accessToken: body.access_token });
    expect(me.statusCode).toBe(200);
  });

  it('refreshes with the refresh token in a header at /auth/sessions/current/refresh', async () => {
    const { refresh_token, access_token, user_id } = await signUp();
    for (const prefix of ['x-stack', 'x-hexclave']) {
      const response = await api.call('POST', '/auth/sessions/current/refresh', {
        headers: { [`${prefix}-refresh-token`]: refresh_token },
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<{ access_token: string }>();
      expect(Object.keys(body)).toEqual(['access_token']);
      expect(body.access_token).not.toBe(access_token);
      const me = await api.call('GET', '/users/me', { accessToken: body.access_token });
      expect(me.json()).toMatchObject({ id: user_id });
    }
    expectKnownError(
      await api.call('POST', '/auth/sessions/current/refresh', {
        headers: { 'x-stack-refresh-token': 'a'.repeat(45) },
      }),
      401,
      'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED',
    );
    expectKnownError(
      await api.call('POST', '/auth/sessions/current/refresh'),
      401,
      'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED',
    );
    const signOut = await api.call('DELETE', '/auth/sessions/current', {
      accessToken: access_token,
      body: {},
    });
    expect(signOut.json()).toEqual({ success: true });
    expectKnownError(
      await api.call('POST', '/auth/sessions/current/refresh', {
        headers: { 'x-stack-refresh-token': refresh_token },
      }),
      401,
      'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED',
    );
  });

  it('refuses an unknown refresh token with the known error the clients need, and a wrong client secret', async () => {
    expectKnownError(await refresh('a'.repeat(45)), 401, 'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
    const { refresh_token } = await signUp();
    expectKnownError(
      await refresh(refresh_token, 'pck_wrong'),
      400,
      'INVALID_OAUTH_CLIENT_ID_OR_SECRET',
    );
  });

  it('refreshes on the main branch only', async () => {
    const { refresh_token } = await signUp();
    const withClientId = (clientId: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/auth/oauth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          refresh_token,
          grant_type: 'refresh_token',
          client_id: clientId,
          client_secret: keys.publishableClientKey,
        }).toString(),
      });
    expect((await withClientId(`${keys.projectId}#main`)).statusCode).toBe(200);
    for (const branch of ['nope', 'main#nope']) {
      const response = await withClientId(`${keys.projectId}#${branch}`);
      expectKnownError(response, 400, 'BRANCH_DOES_NOT_EXIST');
      expect(response.json()).toMatchObject({ details: { branch_id: branch } });
    }
  });

  it('answers the refresh grant with no-cache headers', async () => {
    const { refresh_token } = await signUp();
    const response = await refresh(refresh_token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['pragma']).toBe('no-cache');
    expect(response.headers['cache-control']).toBe('no-store, max-age=0');
  });

  it('asks for the publishable key when the refresh grant has no client secret', async () => {
    const { refresh_token } = await signUp();
    for (const secret of [undefined, '']) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/oauth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          refresh_token,
          grant_type: 'refresh_token',
          client_id: keys.projectId,
          ...(secret === undefined ? {} : { client_secret: secret }),
        }).toString(),
      });
      expectKnownError(response, 401, 'PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT');
      expect(response.json()).toMatchObject({ details: { project_id: keys.projectId } });
    }
  });

  it('takes the client id and secret from HTTP Basic authentication (client_secret_basic)', async () => {
    const { refresh_token } = await signUp();
    const basic = (id: string, secret: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/auth/oauth/token',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`,
        },
        payload: new URLSearchParams({ refresh_token, grant_type: 'refresh_token' }).toString(),
      });
    const ok = await basic(`${keys.projectId}#main`, keys.publishableClientKey);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ token_type: 'Bearer', refresh_token });
    expectKnownError(
      await basic(keys.projectId, 'pck_wrong'),
      400,
      'INVALID_OAUTH_CLIENT_ID_OR_SECRET',
    );
    expectKnownError(
      await basic(keys.projectId, ''),
      401,
      'PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT',
    );
  });

  it('lists sessions, ends another one, refuses to end the current one, and signs out', async () => {
    const { email, password } = await signUp();
    const first = (
      await api.call('POST', '/auth/password/sign-in', { body: { email, password } })
    ).json<{ access_token: string; refresh_token: string }>();
    const second = (
      await api.call('POST', '/auth/password/sign-in', { body: { email, password } })
    ).json<{ access_token: string; refresh_token: string }>();

    const list = await api.call('GET', '/auth/sessions?user_id=me', {
      accessToken: first.access_token,
    });
    const items = list.json<{ items: { id: string; is_current_session: boolean }[] }>().items;
    expect(items).toHaveLength(3);
    const current = items.find((item) => item.is_current_session)!;
    const secondSessionId = decodeJwt(second.access_token).refresh_token_id;
    const other = items.find((item) => !item.is_current_session && item.id !== secondSessionId)!;

    expectKnownError(
      await api.call('DELETE', `/auth/sessions/${current.id}?user_id=me`, {
        accessToken: first.access_token,
      }),
      400,
      'CANNOT_DELETE_CURRENT_SESSION',
    );
    const ended = await api.call('DELETE', `/auth/sessions/${other.id}?user_id=me`, {
      accessToken: first.access_token,
    });
    expect(ended.json()).toEqual({ success: true });

    const signOut = await api.call('DELETE', '/auth/sessions/current', {
      accessToken: second.access_token,
      body: {},
    });
    expect(signOut.json()).toEqual({ success: true });
    // A client lists only its own user's sessions (upstream answers a plain 403).
    const stranger = await signUp();
    const foreign = await api.call('GET', `/auth/sessions?user_id=${stranger.user_id}`, {
      accessToken: first.access_token,
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.headers['x-stack-known-error']).toBeUndefined();
    expectKnownError(
      await refresh(second.refresh_token),
      401,
      'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED',
    );
  });

  it('reports an expired access token as ACCESS_TOKEN_EXPIRED', async () => {
    const { access_token } = await signUp();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11 * 60 * 1000 });
    try {
      const response = await api.call('GET', '/users/me', { accessToken: access_token });
      expectKnownError(response, 401, 'ACCESS_TOKEN_EXPIRED');
      expect(response.json()).toMatchObject({ details: { project_id: keys.projectId } });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('codes by email', () => {
  it('resets a forgotten password with the emailed link, once, and ends the old sessions', async () => {
    const { email, refresh_token } = await signUp();
    const sent = await api.call('POST', '/auth/password/send-reset-code', {
      body: { email, callback_url: '/reset-password' },
    });
    expect(sent.json()).toEqual({ success: 'maybe, only if user with e-mail exists' });
    const mail = await inbox.waitForMail(email);
    const code = extractLink(mail.text, '/reset-password').searchParams.get('code')!;

    expect(
      (await api.call('POST', '/auth/password/reset/check-code', { body: { code } })).json(),
    ).toEqual({
      is_code_valid: true,
    });
    const reset = await api.call('POST', '/auth/password/reset', {
      body: { code, password: 'a brand new secret' },
    });
    expect(reset.json()).toEqual({ success: true });
    expectKnownError(
      await api.call('POST', '/auth/password/reset', {
        body: { code, password: 'another new secret' },
      }),
      409,
      'VERIFICATION_CODE_ALREADY_USED',
    );
    const signIn = await api.call('POST', '/auth/password/sign-in', {
      body: { email, password: 'a brand new secret' },
    });
    expect(signIn.statusCode).toBe(200);
    const oldSession = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/oauth/token',
      payload: {
        grant_type: 'refresh_token',
        refresh_token,
        client_id: keys.projectId,
        client_secret: keys.publishableClientKey,
      },
    });
    expectKnownError(oldSession, 401, 'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
  });

  it('uses up every older reset link once the password is reset with a newer one', async () => {
    const { email } = await signUp();
    const codes: string[] = [];
    for (let sent = 0; sent < 3; sent++) {
      await api.call('POST', '/auth/password/send-reset-code', {
        body: { email, callback_url: '/reset-password' },
      });
      const mail = await inbox.waitForMail(email);
      codes.push(extractLink(mail.text, '/reset-password').searchParams.get('code')!);
    }
    const [first, second, newest] = codes as [string, string, string];
    // Another address than the other tests', so that their guesses do not count against these.
    const remoteAddress = '10.0.2.1';
    const reset = await api.call('POST', '/auth/password/reset', {
      body: { code: newest, password: 'the newest secret' },
      remoteAddress,
    });
    expect(reset.json()).toEqual({ success: true });
    for (const code of [first, second]) {
      expectKnownError(
        await api.call('POST', '/auth/password/reset/check-code', {
          body: { code },
          remoteAddress,
        }),
        409,
        'VERIFICATION_CODE_ALREADY_USED',
      );
      expectKnownError(
        await api.call('POST', '/auth/password/reset', {
          body: { code, password: 'an older secret' },
          remoteAddress,
        }),
        409,
        'VERIFICATION_CODE_ALREADY_USED',
      );
    }
    const signIn = await api.call('POST', '/auth/password/sign-in', {
      body: { email, password: 'the newest secret' },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('lets only one of two reset links used at the same moment change the password', async () => {
    const { email } = await signUp();
    const codes: string[] = [];
    for (let sent = 0; sent < 2; sent++) {
      await api.call('POST', '/auth/password/send-reset-code', {
        body: { email, callback_url: '/reset-password' },
      });
      const mail = await inbox.waitForMail(email);
      codes.push(extractLink(mail.text, '/reset-password').searchParams.get('code')!);
    }
    const passwords = ['first racing secret', 'second racing secret'];
    const resets = await Promise.all(
      codes.map((code, index) =>
        api.call('POST', '/auth/password/reset', {
          body: { code, password: passwords[index] },
          remoteAddress: '10.0.2.3',
        }),
      ),
    );
    const winner = resets.findIndex((reset) => reset.statusCode === 200);
    expect(winner).not.toBe(-1);
    expectKnownError(resets[1 - winner]!, 409, 'VERIFICATION_CODE_ALREADY_USED');
    const signIns = await Promise.all(
      passwords.map((password) =>
        api.call('POST', '/auth/password/sign-in', { body: { email, password } }),
      ),
    );
    expect(signIns.map((signIn) => signIn.statusCode)).toEqual(
      passwords.map((_, index) => (index === winner ? 200 : 400)),
    );
  });

  it('uses up outstanding reset links when the password is changed another way', async () => {
    const { email, password, access_token } = await signUp();
    await api.call('POST', '/auth/password/send-reset-code', {
      body: { email, callback_url: '/reset-password' },
    });
    const code = extractLink(
      (await inbox.waitForMail(email)).text,
      '/reset-password',
    ).searchParams.get('code')!;
    const update = await api.call('POST', '/auth/password/update', {
      accessToken: access_token,
      body: { old_password: password, new_password: 'changed on purpose' },
    });
    expect(update.json()).toEqual({ success: true });
    expectKnownError(
      await api.call('POST', '/auth/password/reset/check-code', {
        body: { code },
        remoteAddress: '10.0.2.2',
      }),
      409,
      'VERIFICATION_CODE_ALREADY_USED',
    );
  });

  it('answers a reset request for an unknown email the same way and sends nothing', async () => {
    const email = newEmail();
    const response = await api.call('POST', '/auth/password/send-reset-code', {
      body: { email, callback_url: '/reset-password' },
    });
    expect(response.json()).toEqual({ success: 'maybe, only if user with e-mail exists' });
    await expect(inbox.waitForMail(email, 300)).rejects.toThrow();
  });

  it('refuses an untrusted callback URL, also one that only looks relative', async () => {
    const { email } = await signUp();
    // The URL parser drops tabs and newlines and reads "\\" as "/": each of these is another host.
    const disguised = [
      '/\t/evil.example/steal',
      '/\n/evil.example/x',
      '/\\evil.example',
      '//evil.example',
    ];
    for (const callback_url of ['https://evil.example/steal', ...disguised]) {
      for (const path of ['/auth/password/send-reset-code', '/auth/otp/send-sign-in-code']) {
        const response = await api.call('POST', path, { body: { email, callback_url } });
        expectKnownError(response, 400, 'REDIRECT_URL_NOT_WHITELISTED');
      }
    }
    await expect(inbox.waitForMail(email, 300)).rejects.toThrow();
  });

  it('stops a code after 20 wrong guesses, even from many addresses', async () => {
    const { email } = await signUp();
    await api.call('POST', '/auth/password/send-reset-code', {
      body: { email, callback_url: '/reset-password' },
    });
    const code = extractLink(
      (await inbox.waitForMail(email)).text,
      '/reset-password',
    ).searchParams.get('code')!;
    const wrong = `${code[0] === 'a' ? 'b' : 'a'}${code.slice(1)}`;
    // Each address may only guess a few times (rate limit); spread over addresses, the code's
    // own attempt counter still stops the guessing.
    for (let attempt = 0; attempt < 20; attempt++) {
      expectKnownError(
        await api.call('POST', '/auth/password/reset/check-code', {
          body: { code: wrong },
          remoteAddress: `10.0.0.${attempt + 1}`,
        }),
        404,
        'VERIFICATION_CODE_NOT_FOUND',
      );
    }
    expectKnownError(
      await api.call('POST', '/auth/password/reset/check-code', {
        body: { code },
        remoteAddress: '10.0.1.1',
      }),
      400,
      'VERIFICATION_CODE_MAX_ATTEMPTS_REACHED',
    );
  });

  it('verifies the email with the link sent at sign-up', async () => {
    const email = newEmail();
    const signUpResponse = await api.call('POST', '/auth/password/sign-up', {
      body: {
        email,
        password: 'long enough pass',
        verification_callback_url: `${publicUrl}/handler/email-verification`,
      },
    });
    const { access_token } = signUpResponse.json<{ access_token: string }>();
    const code = extractLink(
      (await inbox.waitForMail(email)).text,
      '/handler/email-verification',
    ).searchParams.get('code')!;
    expect((await api.call('POST', '/contact-channels/verify', { body: { code } })).json()).toEqual(
      { success: true },
    );
    const me = await api.call('GET', '/users/me', { accessToken: access_token });
    expect(me.json()).toMatchObject({ primary_email_verified: true });
  });

  it('signs a new shopper up with an emailed sign-in code', async () => {
    const email = newEmail();
    const sent = await api.call('POST', '/auth/otp/send-sign-in-code', {
      body: { email, callback_url: '/handler/magic-link-callback' },
    });
    expect(sent.json<{ nonce: string }>().nonce).toHaveLength(39);
    const code = extractLink(
      (await inbox.waitForMail(email)).text,
      '/handler/magic-link-callback',
    ).searchParams.get('code')!;
    const signIn = await api.call('POST', '/auth/otp/sign-in', { body: { code } });
    expect(signIn.json()).toMatchObject({ is_new_user: true });
    const me = await api.call('GET', '/users/me', {
      accessToken: signIn.json<{ access_token: string }>().access_token,
    });
    expect(me.json()).toMatchObject({
      primary_email: email,
      primary_email_verified: true,
      has_password: false,
    });
  });
  it('checks an emailed sign-in code without using it up', async () => {
    const email = newEmail();
    const sent = await api.call('POST', '/auth/otp/send-sign-in-code', {
      body: { email, callback_url: '/handler/magic-link-callback' },
    });
    const { nonce } = sent.json<{ nonce: string }>();
    const code = extractLink(
      (await inbox.waitForMail(email)).text,
      '/handler/magic-link-callback',
    ).searchParams.get('code')!;
    // Another address than the other tests', so that their guesses do not count against these.
    const remoteAddress = '10.0.3.1';
    const check = (code: string) =>
      api.call('POST', '/auth/otp/sign-in/check-code', { body: { code }, remoteAddress });
    expect((await check(code)).json()).toEqual({ is_code_valid: true });
    // The code typed by hand: the six characters from the email and the nonce.
    expect((await check(`${code.slice(0, 6).toUpperCase()}${nonce}`)).json()).toEqual({
      is_code_valid: true,
    });
    expectKnownError(await check('X'.repeat(45)), 404, 'VERIFICATION_CODE_NOT_FOUND');
    const signIn = await api.call('POST', '/auth/otp/sign-in', { body: { code }, remoteAddress });
    expect(signIn.json()).toMatchObject({ is_new_user: true });
    expectKnownError(await check(code), 409, 'VERIFICATION_CODE_ALREADY_USED');
  });
});

describe('an email someone signed up with but never verified', () => {
  it('gets no sign-in link, so its owner is never signed in to that account', async () => {
    // Someone else signs up with the address and keeps the password.
    const squatter = await signUp();
    const send = (email: string) =>
      api.call('POST', '/auth/otp/send-sign-in-code', {
        body: { email, callback_url: '/handler/magic-link-callback' },
      });
    const sent = await send(squatter.email);
    // Answered as an email with no account is, so that the answer tells no one it has one.
    const unknown = await send(newEmail());
    expect([sent.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(sent.headers['x-stack-known-error']).toBeUndefined();
    expect(Object.keys(sent.json<object>())).toEqual(Object.keys(unknown.json<object>()));
    expect(sent.json<{ nonce: string }>().nonce).toHaveLength(39);
    // Only the address's owner learns why: the mail carries no link and no code.
    const mail = await inbox.waitForMail(squatter.email);
    expect(mail.text).toContain('never confirmed');
    expect(mail.text).not.toContain('/handler/magic-link-callback');
    expect(mail.subject).not.toMatch(/code/i);
  });

  it('refuses a link sent before someone signed up with the address', async () => {
    const email = newEmail();
    const code = await emailedSignInCode(email);
    const squatter = await signUp(email);
    expectKnownError(
      await api.call('POST', '/auth/otp/sign-in', { body: { code } }),
      409,
      'USER_EMAIL_ALREADY_EXISTS',
    );
    const me = await api.call('GET', '/users/me', { accessToken: squatter.access_token });
    expect(me.json()).toMatchObject({ primary_email_verified: false });
  });
});

describe('password update', () => {
  it('needs the old password and ends every other session', async () => {
    const { email, password, access_token, refresh_token } = await signUp();
    const other = (
      await api.call('POST', '/auth/password/sign-in', { body: { email, password } })
    ).json<{ refresh_token: string }>();
    const wrongOld = await api.call('POST', '/auth/password/update', {
      accessToken: access_token,
      body: { old_password: 'not it at all', new_password: 'fresh password 1' },
    });
    expectKnownError(wrongOld, 400, 'PASSWORD_CONFIRMATION_MISMATCH');
    const update = await api.call('POST', '/auth/password/update', {
      accessToken: access_token,
      headers: { 'x-stack-refresh-token': refresh_token },
      body: { old_password: password, new_password: 'fresh password 1' },
    });
    expect(update.json()).toEqual({ success: true });
    const sessions = await api.call('GET', '/auth/sessions?user_id=me', {
      accessToken: access_token,
    });
    expect(sessions.json<{ items: unknown[] }>().items).toHaveLength(1);
    void other;
  });
  it('does not let /auth/password/set replace a password without the current one', async () => {
    const { email, password, access_token } = await signUp();
    const response = await api.call('POST', '/auth/password/set', {
      accessToken: access_token,
      body: { password: 'taken over 123' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['x-stack-known-error']).toBeUndefined();
    expect(response.body).toMatch(/already has a password/);
    const signIn = await api.call('POST', '/auth/password/sign-in', { body: { email, password } });
    expect(signIn.statusCode).toBe(200);
  });

  it('sets a first password for a user who signed up with an emailed code', async () => {
    const email = newEmail();
    const code = await emailedSignInCode(email);
    const { access_token } = (
      await api.call('POST', '/auth/otp/sign-in', { body: { code } })
    ).json<{ access_token: string }>();
    const set = await api.call('POST', '/auth/password/set', {
      accessToken: access_token,
      body: { password: 'first password 1' },
    });
    expect(set.json()).toEqual({ success: true });
    const signIn = await api.call('POST', '/auth/password/sign-in', {
      body: { email, password: 'first password 1' },
    });
    expect(signIn.statusCode).toBe(200);
  });
});

describe('the server tier', () => {
  it('is refused to client callers', async () => {
    expectKnownError(await api.call('GET', '/users'), 401, 'INSUFFICIENT_ACCESS_TYPE');
  });

  it('imports a user with a bcrypt password_hash, who signs in with their old password', async () => {
    const email = newEmail();
    const password_hash = bcrypt.hashSync('imported password 1', 4);
    const created = await api.call('POST', '/users', {
      tier: 'server',
      body: { primary_email: email, primary_email_auth_enabled: true, password_hash },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ primary_email: email, has_password: true });
    const signedIn = await api.call('POST', '/auth/password/sign-in', {
      body: { email, password: 'imported password 1' },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const wrong = await api.call('POST', '/auth/password/sign-in', {
      body: { email, password: 'not the password' },
    });
    expectKnownError(wrong, 400, 'EMAIL_PASSWORD_MISMATCH');

    for (const body of [
      { primary_email: newEmail(), password_hash: 'md5:5f4dcc3b5aa765d61d8327deb882cf99' },
      { primary_email: newEmail(), password_hash, password: 'both given here' },
    ]) {
      const refused = await api.call('POST', '/users', { tier: 'server', body });
      expectKnownError(refused, 400, 'SCHEMA_ERROR');
      expect(refused.body).toContain('password_hash');
    }
  });

  it('creates, reads, updates, lists and deletes users', async () => {
    const email = newEmail();
    const created = await api.call('POST', '/users', {
      tier: 'server',
      body: {
        primary_email: email,
        password: 'server made pass',
        display_name: 'Made By Server',
        server_metadata: { plan: 'x' },
      },
    });
    expect(created.statusCode).toBe(201);
    const user = created.json<{ id: string }>();
    expect(created.json()).toMatchObject({
      primary_email: email,
      server_metadata: { plan: 'x' },
      has_password: true,
    });

    const duplicate = await api.call('POST', '/users', {
      tier: 'server',
      body: { primary_email: email },
    });
    expectKnownError(duplicate, 409, 'USER_EMAIL_ALREADY_EXISTS');

    const read = await api.call('GET', `/users/${user.id}`, { tier: 'server' });
    expect(read.json()).toMatchObject({ id: user.id, display_name: 'Made By Server' });

    const patched = await api.call('PATCH', `/users/${user.id}`, {
      tier: 'server',
      body: { display_name: 'Renamed' },
    });
    expect(patched.json()).toMatchObject({ display_name: 'Renamed' });

    const search = await api.call('GET', `/users?query=${encodeURIComponent(email)}`, {
      tier: 'server',
    });
    expect(search.json<{ items: { id: string }[] }>().items.map((item) => item.id)).toEqual([
      user.id,
    ]);

    expect((await api.call('DELETE', `/users/${user.id}`, { tier: 'server' })).json()).toEqual({
      success: true,
    });
    expectKnownError(
      await api.call('GET', `/users/${user.id}`, { tier: 'server' }),
      404,
      'USER_NOT_FOUND',
    );
  });

  it('pages through users with a cursor', async () => {
    for (let i = 0; i < 3; i++) await signUp();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await api.call('GET', `/users?limit=2${cursor ? `&cursor=${cursor}` : ''}`, {
        tier: 'server',
      });
      const body = page.json<{
        items: { id: string }[];
        is_paginated: boolean;
        pagination: { next_cursor: string | null };
      }>();
      expect(body.is_paginated).toBe(true);
      expect(body.items.length).toBeLessThanOrEqual(2);
      seen.push(...body.items.map((item) => item.id));
      cursor = body.pagination.next_cursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThanOrEqual(3);
  });

  it('removes the primary email with primary_email: null, and sign-in by it goes too', async () => {
    const email = newEmail();
    const created = await api.call('POST', '/users', {
      tier: 'server',
      body: { primary_email: email, primary_email_verified: true, password: 'server pass 12' },
    });
    const { id } = created.json<{ id: string }>();
    const contradictory = await api.call('PATCH', `/users/${id}`, {
      tier: 'server',
      body: { primary_email: null, primary_email_verified: true },
    });
    expect(contradictory.statusCode).toBe(400);
    expect(contradictory.body).toMatch(/primary_email_verified/);

    const removed = await api.call('PATCH', `/users/${id}`, {
      tier: 'server',
      body: { primary_email: null },
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({
      primary_email: null,
      primary_email_verified: false,
      primary_email_auth_enabled: false,
    });
    expect((await api.call('GET', `/users/${id}`, { tier: 'server' })).json()).toMatchObject({
      primary_email: null,
    });
    expectKnownError(
      await api.call('POST', '/auth/password/sign-in', {
        body: { email, password: 'server pass 12' },
      }),
      400,
      'EMAIL_PASSWORD_MISMATCH',
    );
    // The address is free again.
    await signUp(email);
  });

  it('turns sign-in by the primary email off and on with primary_email_auth_enabled', async () => {
    const { email, password, user_id } = await signUp();
    const off = await api.call('PATCH', `/users/${user_id}`, {
      tier: 'server',
      body: { primary_email_auth_enabled: false },
    });
    expect(off.json()).toMatchObject({
      primary_email: email,
      primary_email_auth_enabled: false,
      auth_with_email: false,
    });
    expectKnownError(
      await api.call('POST', '/auth/password/sign-in', { body: { email, password } }),
      400,
      'EMAIL_PASSWORD_MISMATCH',
    );

    const on = await api.call('PATCH', `/users/${user_id}`, {
      tier: 'server',
      body: { primary_email_auth_enabled: true },
    });
    expect(on.json()).toMatchObject({ primary_email_auth_enabled: true });
    expect(
      (await api.call('POST', '/auth/password/sign-in', { body: { email, password } })).statusCode,
    ).toBe(200);

    // While it is off, someone else may sign up with the address; then it cannot go back on.
    await api.call('PATCH', `/users/${user_id}`, {
      tier: 'server',
      body: { primary_email_auth_enabled: false },
    });
    await signUp(email);
    expectKnownError(
      await api.call('PATCH', `/users/${user_id}`, {
        tier: 'server',
        body: { primary_email_auth_enabled: true },
      }),
      409,
      'USER_EMAIL_ALREADY_EXISTS',
    );
  });

  it('keeps a restriction reason only on a restricted user', async () => {
    for (const field of ['restricted_by_admin_reason', 'restricted_by_admin_private_details']) {
      for (const restriction of [{}, { restricted_by_admin: false }]) {
        const create = await api.call('POST', '/users', {
          tier: 'server',
          body: { display_name: 'Unrestricted', [field]: 'why', ...restriction },
        });
        expectKnownError(create, 400, 'SCHEMA_ERROR');
        expect(create.json<{ error: string }>().error).toContain(`body.${field}`);
      }
    }
    const { user_id } = await signUp();
    const reasonOnly = await api.call('PATCH', `/users/${user_id}`, {
      tier: 'server',
      body: { restricted_by_admin_reason: 'why' },
    });
    expectKnownError(reasonOnly, 400, 'SCHEMA_ERROR');
    expect(reasonOnly.json<{ error: string }>().error).toContain('body.restricted_by_admin_reason');
    expect((await api.call('GET', `/users/${user_id}`, { tier: 'server' })).json()).toMatchObject({
      restricted_by_admin_reason: null,
    });

    await api.call('PATCH', `/users/${user_id}`, {
      tier: 'server',
      body: { restricted_by_admin: true },
    });
    const newReason = await api.call('PATCH', `/users/${user_id}`, {
      tier: 'server',
      body: { restricted_by_admin_reason: 'Under review' },
    });
    expect(newReason.json()).toMatchObject({
      restricted_by_admin: true,
      restricted_by_admin_reason: 'Under review',
    });
  });

  it('refuses to select a team that does not exist, and lets the selection be cleared', async () => {
    const { access_token, user_id } = await signUp();
    const teamId = '00000000-0000-4000-8000-0000000000aa';
    const client = await api.call('PATCH', '/users/me', {
      accessToken: access_token,
      body: { selected_team_id: teamId },
    });
    expectKnownError(client, 404, 'TEAM_NOT_FOUND');
    expect(client.json()).toMatchObject({ details: { team_id: teamId } });
    expectKnownError(
      await api.call('PATCH', `/users/${user_id}`, {
        tier: 'server',
        body: { selected_team_id: teamId },
      }),
      404,
      'TEAM_NOT_FOUND',
    );
    const cleared = await api.call('PATCH', '/users/me', {
      accessToken: access_token,
      body: { selected_team_id: null },
    });
    expect(cleared.json()).toMatchObject({ selected_team_id: null });
  });

  it('orders users by sign-up or last activity, either way, a page at a time', async () => {
    const marker = `ordered-${Date.now()}`;
    const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
    const ids: string[] = [];
    for (const name of ['a', 'b', 'c']) {
      const created = await api.call('POST', '/users', {
        tier: 'server',
        body: { display_name: `${marker} ${name}` },
      });
      ids.push(created.json<{ id: string }>().id);
      await pause();
    }
    const [a, b, c] = ids as [string, string, string];
    for (const id of [a, c, b]) {
      await api.call('POST', '/auth/sessions', { tier: 'server', body: { user_id: id } });
      await pause();
    }
    const pages = async (order: string, limit: number) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await api.call(
          'GET',
          `/users?query=${marker}&${order}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
          { tier: 'server' },
        );
        expect(page.statusCode).toBe(200);
        const body = page.json<{
          items: { id: string }[];
          pagination: { next_cursor: string | null };
        }>();
        seen.push(...body.items.map((item) => item.id));
        cursor = body.pagination.next_cursor;
      } while (cursor);
      return seen;
    };
    for (const limit of [1, 2, 10]) {
      expect(await pages('order_by=last_active_at&desc=true', limit)).toEqual([b, c, a]);
      expect(await pages('order_by=last_active_at', limit)).toEqual([a, c, b]);
      expect(await pages('order_by=signed_up_at&desc=true', limit)).toEqual([c, b, a]);
      expect(await pages('desc=false', limit)).toEqual([a, b, c]);
    }
  });

  it('takes a limit above the largest page and gives the largest page', async () => {
    const marker = `many-${Date.now()}`;
    for (let batch = 0; batch < 201; batch += 67) {
      await Promise.all(
        Array.from({ length: 67 }, () =>
          api.call('POST', '/users', { tier: 'server', body: { display_name: marker } }),
        ),
      );
    }
    const first = await api.call('GET', `/users?query=${marker}&limit=1000`, { tier: 'server' });
    expect(first.statusCode).toBe(200);
    const body = first.json<{
      items: unknown[];
      pagination: { next_cursor: string | null };
    }>();
    expect(body.items).toHaveLength(200);
    expect(body.pagination.next_cursor).not.toBeNull();
    const rest = await api.call(
      'GET',
      `/users?query=${marker}&limit=1000&cursor=${body.pagination.next_cursor}`,
      { tier: 'server' },
    );
    expect(rest.json<{ items: unknown[] }>().items).toHaveLength(1);
    expectKnownError(
      await api.call('GET', '/users?limit=0', { tier: 'server' }),
      400,
      'SCHEMA_ERROR',
    );
  });

  it('creates a session for a user, and refuses an unknown user', async () => {
    const { user_id } = await signUp();
    const session = await api.call('POST', '/auth/sessions', {
      tier: 'server',
      body: { user_id, expires_in_millis: 60_000 },
    });
    expect(session.statusCode).toBe(200);
    const me = await api.call('GET', '/users/me', {
      accessToken: session.json<{ access_token: string }>().access_token,
    });
    expect(me.json()).toMatchObject({ id: user_id });
    const unknown = await api.call('POST', '/auth/sessions', {
      tier: 'server',
      body: { user_id: '00000000-0000-4000-8000-000000000000' },
    });
    expectKnownError(unknown, 400, 'USER_ID_DOES_NOT_EXIST');
  });

  it('creates sessions of up to 367 days, a year by default, and refuses longer ones with SCHEMA_ERROR', async () => {
    const { user_id } = await signUp();
    const dayMs = 24 * 60 * 60 * 1000;
    /** Days from now until the session of `body` ends, read from the session row. */
    async function lifetimeDays(body: Record<string, unknown>): Promise<number> {
      const session = await api.call('POST', '/auth/sessions', { tier: 'server', body });
      expect(session.statusCode).toBe(200);
      const { refresh_token_id } = decodeJwt(session.json<{ access_token: string }>().access_token);
      const row = await testDb.database.db
        .selectFrom('identity_sessions')
        .select('expires_at')
        .where('id', '=', refresh_token_id as string)
        .executeTakeFirstOrThrow();
      return Math.round((row.expires_at.getTime() - Date.now()) / dayMs);
    }
    expect(await lifetimeDays({ user_id, expires_in_millis: 367 * dayMs })).toBe(367);
    expect(await lifetimeDays({ user_id })).toBe(365);
    for (const expires_in_millis of [367 * dayMs + 1, 99_999_999_999_999]) {
      const response = await api.call('POST', '/auth/sessions', {
        tier: 'server',
        body: { user_id, expires_in_millis },
      });
      expectKnownError(response, 400, 'SCHEMA_ERROR');
      expect(response.json<{ details: { message: string } }>().details.message).toMatch(
        /body\.expires_in_millis: must be at most 31708800000 \(367 days\)/,
      );
    }
  });
});

describe('anonymous and restricted users', () => {
  const allowAnonymous = { 'x-stack-allow-anonymous-user': 'true' };
  const allowRestricted = { 'x-stack-allow-restricted-user': 'true' };

  async function createUser(body: Record<string, unknown>) {
    const response = await api.call('POST', '/users', { tier: 'server', body });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: string }>().id;
  }

  async function sessionOf(userId: string) {
    const response = await api.call('POST', '/auth/sessions', {
      tier: 'server',
      body: { user_id: userId },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ access_token: string; refresh_token: string }>();
  }

  async function verifiedClaims(accessToken: string, audience: string, issuerPath: string) {
    const jwks = await app.inject({
      url: `/api/v1/projects/${keys.projectId}/.well-known/jwks.json`,
    });
    const { payload } = await jwtVerify(accessToken, createLocalJWKSet(jwks.json()), {
      audience,
      issuer: `${publicUrl}/api/v1/${issuerPath}/${keys.projectId}`,
    });
    return payload;
  }

  const me = (accessToken: string, headers: Record<string, string> = {}) =>
    api.call('GET', '/users/me', { accessToken, headers });

  it('gives a user restricted by an admin restricted tokens, refused unless the request allows them', async () => {
    const email = newEmail();
    const userId = await createUser({
      primary_email: email,
      primary_email_auth_enabled: true,
      password: 'restricted pass 1',
      restricted_by_admin: true,
      restricted_by_admin_reason: 'Too many chargebacks',
    });
    const signIn = await api.call('POST', '/auth/password/sign-in', {
      body: { email, password: 'restricted pass 1' },
    });
    expect(signIn.statusCode).toBe(200);
    const { access_token } = signIn.json<{ access_token: string }>();
    expect(
      await verifiedClaims(
        access_token,
        `${keys.projectId}:restricted`,
        'projects-restricted-users',
      ),
    ).toMatchObject({
      sub: userId,
      is_anonymous: false,
      is_restricted: true,
      restricted_reason: { type: 'restricted_by_administrator' },
    });

    const refused = await me(access_token);
    expectKnownError(refused, 403, 'RESTRICTED_USER_NOT_ALLOWED');
    expect(refused.json()).toMatchObject({
      details: { restricted_reason: { type: 'restricted_by_administrator' } },
    });
    for (const headers of [allowAnonymous, allowRestricted]) {
      const allowed = await me(access_token, headers);
      expect(allowed.statusCode).toBe(200);
      expect(allowed.json()).toMatchObject({
        id: userId,
        is_restricted: true,
        restricted_reason: { type: 'restricted_by_administrator' },
        restricted_by_admin: true,
        restricted_by_admin_reason: 'Too many chargebacks',
      });
    }
  });

  it('applies a restriction to tokens minted before it, and refreshes into the new state', async () => {
    const { access_token, refresh_token, user_id } = await signUp();
    expect((await me(access_token)).statusCode).toBe(200);

    const restrict = await api.call('PATCH', `/users/${user_id}`, {
      tier: 'server',
      body: { restricted_by_admin: true, restricted_by_admin_reason: 'Under review' },
    });
    expect(restrict.statusCode).toBe(200);
    expectKnownError(await me(access_token), 403, 'RESTRICTED_USER_NOT_ALLOWED');

    const restricted = decodeJwt(
      (await refresh(refresh_token)).json<{ access_token: string }>().access_token,
    );
    expect(restricted).toMatchObject({
      aud: `${keys.projectId}:restricted`,
      is_restricted: true,
      restricted_reason: { type: 'restricted_by_administrator' },
    });

    const lift = await api.call('PATCH', `/users/${user_id}`, {
      tier: 'server',
      body: { restricted_by_admin: false },
    });
    expect(lift.json()).toMatchObject({
      restricted_by_admin: false,
      restricted_by_admin_reason: null,
      is_restricted: false,
    });
    const lifted = (await refresh(refresh_token)).json<{ access_token: string }>().access_token;
    expect(decodeJwt(lifted)).toMatchObject({
      aud: keys.projectId,
      is_restricted: false,
      restricted_reason: null,
    });
    expect((await me(lifted)).statusCode).toBe(200);
  });

  it('lets anonymous users in only with allow-anonymous-user', async () => {
    const userId = await createUser({ is_anonymous: true });
    const { access_token } = await sessionOf(userId);
    expect(
      await verifiedClaims(access_token, `${keys.projectId}:anon`, 'projects-anonymous-users'),
    ).toMatchObject({
      is_anonymous: true,
      is_restricted: true,
      restricted_reason: { type: 'anonymous' },
    });

    expectKnownError(await me(access_token), 401, 'ANONYMOUS_AUTHENTICATION_NOT_ALLOWED');
    expectKnownError(
      await me(access_token, allowRestricted),
      401,
      'ANONYMOUS_AUTHENTICATION_NOT_ALLOWED',
    );
    const allowed = await me(access_token, allowAnonymous);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toMatchObject({ id: userId, is_anonymous: true });
  });

  it('signs an anonymous user up in place: same id and data, now with email and password', async () => {
    const userId = await createUser({ is_anonymous: true, display_name: 'Guest shopper' });
    const anonymous = await sessionOf(userId);
    const taken = await signUp();
    expectKnownError(
      await api.call('POST', '/auth/password/sign-up', {
        accessToken: anonymous.access_token,
        headers: allowAnonymous,
        body: { email: taken.email, password: 'guest password 1' },
      }),
      409,
      'USER_EMAIL_ALREADY_EXISTS',
    );
    expect((await me(anonymous.access_token, allowAnonymous)).json()).toMatchObject({
      is_anonymous: true,
      primary_email: null,
      has_password: false,
    });

    const email = newEmail();
    const signUpResponse = await api.call('POST', '/auth/password/sign-up', {
      accessToken: anonymous.access_token,
      headers: allowAnonymous,
      body: { email, password: 'guest password 1' },
    });
    expect(signUpResponse.statusCode).toBe(200);
    const upgraded = signUpResponse.json<{ access_token: string; user_id: string }>();
    expect(upgraded.user_id).toBe(userId);
    expect(await verifiedClaims(upgraded.access_token, keys.projectId, 'projects')).toMatchObject({
      sub: userId,
      email,
      is_anonymous: false,
      is_restricted: false,
    });
    expect((await me(upgraded.access_token)).json()).toMatchObject({
      id: userId,
      display_name: 'Guest shopper',
      primary_email: email,
      primary_email_verified: false,
      has_password: true,
      is_anonymous: false,
      is_restricted: false,
    });
    const signIn = await api.call('POST', '/auth/password/sign-in', {
      body: { email, password: 'guest password 1' },
    });
    expect(signIn.json()).toMatchObject({ user_id: userId });

    // A full user's token does not turn sign-up into an update of that user.
    const other = await api.call('POST', '/auth/password/sign-up', {
      accessToken: upgraded.access_token,
      body: { email: newEmail(), password: 'guest password 2' },
    });
    expect(other.json<{ user_id: string }>().user_id).not.toBe(userId);
  });

  it('signs an anonymous user up in place with an emailed code: same id and data, now with a verified email', async () => {
    const userId = await createUser({ is_anonymous: true, display_name: 'Guest shopper' });
    const anonymous = await sessionOf(userId);
    const email = newEmail();
    const code = await emailedSignInCode(email);

    const signIn = await api.call('POST', '/auth/otp/sign-in', {
      accessToken: anonymous.access_token,
      headers: allowAnonymous,
      body: { code },
    });
    expect(signIn.statusCode).toBe(200);
    const upgraded = signIn.json<{ access_token: string; user_id: string; is_new_user: boolean }>();
    expect(upgraded).toMatchObject({ user_id: userId, is_new_user: true });
    expect(await verifiedClaims(upgraded.access_token, keys.projectId, 'projects')).toMatchObject({
      sub: userId,
      email,
      email_verified: true,
      is_anonymous: false,
      is_restricted: false,
    });
    expect((await me(upgraded.access_token)).json()).toMatchObject({
      id: userId,
      display_name: 'Guest shopper',
      primary_email: email,
      primary_email_verified: true,
      auth_with_email: true,
      has_password: false,
      is_anonymous: false,
      is_restricted: false,
    });
    // The email now signs in to the upgraded user.
    const again = await api.call('POST', '/auth/otp/sign-in', {
      body: { code: await emailedSignInCode(email) },
    });
    expect(again.json()).toMatchObject({ user_id: userId, is_new_user: false });

    // A full user's token does not turn a new email's sign-in into an update of that user.
    const other = await api.call('POST', '/auth/otp/sign-in', {
      accessToken: upgraded.access_token,
      body: { code: await emailedSignInCode(newEmail()) },
    });
    expect(other.json()).toMatchObject({ is_new_user: true });
    expect(other.json<{ user_id: string }>().user_id).not.toBe(userId);
  });

  it("signs an anonymous user in to the existing user of an emailed code's address, leaving the anonymous one as it was", async () => {
    const email = newEmail();
    const existing = (
      await api.call('POST', '/auth/otp/sign-in', {
        body: { code: await emailedSignInCode(email) },
      })
    ).json<{ user_id: string }>();
    const anonymousId = await createUser({ is_anonymous: true, display_name: 'Guest shopper' });
    const anonymous = await sessionOf(anonymousId);

    const signIn = await api.call('POST', '/auth/otp/sign-in', {
      accessToken: anonymous.access_token,
      headers: allowAnonymous,
      body: { code: await emailedSignInCode(email) },
    });
    expect(signIn.statusCode).toBe(200);
    const result = signIn.json<{ access_token: string; user_id: string }>();
    expect(result).toMatchObject({ user_id: existing.user_id, is_new_user: false });
    expect((await me(result.access_token)).json()).toMatchObject({
      id: existing.user_id,
      primary_email: email,
      is_anonymous: false,
    });
    expect((await me(anonymous.access_token, allowAnonymous)).json()).toMatchObject({
      id: anonymousId,
      display_name: 'Guest shopper',
      primary_email: null,
      is_anonymous: true,
    });
  });

  it('refuses a reason without a restriction, and making a user anonymous again', async () => {
    const { user_id } = await signUp();
    const reasonAlone = await api.call('PATCH', `/users/${user_id}`, {
      tier: 'server',
      body: { restricted_by_admin: false, restricted_by_admin_reason: 'why' },
    });
    expectKnownError(reasonAlone, 400, 'SCHEMA_ERROR');
    expect(reasonAlone.json<{ error: string }>().error).toContain('restricted_by_admin_reason');
    const backToAnonymous = await api.call('PATCH', `/users/${user_id}`, {
      tier: 'server',
      body: { is_anonymous: true },
    });
    expectKnownError(backToAnonymous, 400, 'SCHEMA_ERROR');
    expect(backToAnonymous.json<{ error: string }>().error).toContain('is_anonymous');
  });

  it('leaves restricted and anonymous users out of the user list unless asked for', async () => {
    const marker = `listed-${Date.now()}`;
    const full = await createUser({ display_name: `${marker} full` });
    const restricted = await createUser({
      display_name: `${marker} restricted`,
      restricted_by_admin: true,
    });
    const anonymous = await createUser({ display_name: `${marker} anonymous`, is_anonymous: true });
    const listed = async (extra: string) => {
      const response = await api.call('GET', `/users?query=${marker}${extra}`, { tier: 'server' });
      expect(response.statusCode).toBe(200);
      return response
        .json<{ items: { id: string }[] }>()
        .items.map((item) => item.id)
        .sort();
    };
    expect(await listed('')).toEqual([full]);
    expect(await listed('&include_restricted=true')).toEqual([full, restricted].sort());
    expect(await listed('&include_anonymous=true')).toEqual([full, restricted, anonymous].sort());
  });
});

describe('every endpoint with bad input', () => {
  const someId = '00000000-0000-4000-8000-000000000000';

  it('refuses a NUL character in a field, a metadata value or a query with SCHEMA_ERROR', async () => {
    const { access_token } = await signUp();
    for (const body of [{ display_name: 'a\u0000b' }, { client_metadata: { k: 'a\u0000b' } }]) {
      const response = await api.call('PATCH', '/users/me', { accessToken: access_token, body });
      expectKnownError(response, 400, 'SCHEMA_ERROR');
      expect(response.json<{ error: string }>().error).toMatch(/^body\.\w+(\.k)?: contains a NUL/);
    }
    const search = await api.call('GET', '/users?query=a%00b', { tier: 'server' });
    expectKnownError(search, 400, 'SCHEMA_ERROR');
    expect(search.json<{ error: string }>().error).toMatch(/^query\.query: /);
    const me = await api.call('GET', '/users/me', { accessToken: access_token });
    expect(me.json()).toMatchObject({ display_name: null, client_metadata: {} });
  });

  it.each([
    ['POST', '/auth/password/sign-up', { email: 'a@example.com' }],
    ['POST', '/auth/password/sign-in', { email: 42, password: 'x' }],
    ['POST', '/auth/password/send-reset-code', { email: 'a@example.com' }],
    ['POST', '/auth/password/reset/check-code', {}],
    ['POST', '/auth/password/reset', { code: 'x' }],
    ['POST', '/auth/otp/send-sign-in-code', { email: 'not an email', callback_url: '/x' }],
    ['POST', '/auth/otp/sign-in', { code: '' }],
    ['POST', '/contact-channels/verify', { code: 5 }],
  ] as const)('%s %s refuses a bad body with SCHEMA_ERROR', async (method, path, body) => {
    expectKnownError(
      await api.call(method, path, { body, remoteAddress: '10.0.2.1' }),
      400,
      'SCHEMA_ERROR',
    );
  });

  it.each([
    ['POST', '/users', { primary_email: 'nope' }],
    ['PATCH', `/users/${someId}`, { display_name: 5 }],
    ['POST', '/auth/sessions', { user_id: 'not-a-uuid' }],
  ] as const)('server %s %s refuses a bad body with SCHEMA_ERROR', async (method, path, body) => {
    expectKnownError(await api.call(method, path, { tier: 'server', body }), 400, 'SCHEMA_ERROR');
  });

  // Without a user, the calls whose request shape includes one are a SCHEMA_ERROR, as Stack
  // Auth answers; the others say there is no user to act on.
  it.each([
    ['GET', '/users/me', undefined, 'CANNOT_GET_OWN_USER_WITHOUT_USER'],
    ['PATCH', '/users/me', { display_name: 'x' }, 'CANNOT_GET_OWN_USER_WITHOUT_USER'],
    ['DELETE', '/users/me', undefined, 'CANNOT_GET_OWN_USER_WITHOUT_USER'],
    ['POST', '/auth/password/update', { old_password: 'a', new_password: 'b' }, 'SCHEMA_ERROR'],
    [
      'POST',
      '/auth/password/set',
      { password: 'long enough pass' },
      'CANNOT_GET_OWN_USER_WITHOUT_USER',
    ],
    ['GET', '/auth/sessions', undefined, 'SCHEMA_ERROR'],
    [
      'POST',
      '/contact-channels/send-verification-code',
      { email: 'a@example.com', callback_url: '/x' },
      'SCHEMA_ERROR',
    ],
  ] as const)(
    '%s %s needs a signed-in user, and refuses an expired token',
    async (method, path, body, withoutUser) => {
      const missing = await api.call(method, path, { body });
      expectKnownError(missing, 400, withoutUser);
      const { access_token } = await signUp();
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11 * 60 * 1000 });
      try {
        expectKnownError(
          await api.call(method, path, { body, accessToken: access_token }),
          401,
          'ACCESS_TOKEN_EXPIRED',
        );
      } finally {
        vi.useRealTimers();
      }
    },
  );

  it('DELETE /auth/sessions/current needs a signed-in user', async () => {
    expectKnownError(
      await api.call('DELETE', '/auth/sessions/current', { body: {} }),
      401,
      'USER_AUTHENTICATION_REQUIRED',
    );
  });

  it.each([
    ['GET', '/users'],
    ['POST', '/users'],
    ['GET', `/users/${someId}`],
    ['PATCH', `/users/${someId}`],
    ['DELETE', `/users/${someId}`],
    ['POST', '/auth/sessions'],
  ] as const)('%s %s is server-only', async (method, path) => {
    expectKnownError(
      await api.call(method, path, { body: method === 'GET' ? undefined : {} }),
      401,
      'INSUFFICIENT_ACCESS_TYPE',
    );
  });

  it('answers SCHEMA_ERROR to a server-tier session list that names no user, as Stack Auth does', async () => {
    const sessions = await api.call('GET', '/auth/sessions', { tier: 'server' });
    expectKnownError(sessions, 400, 'SCHEMA_ERROR');
    expect(sessions.body).toContain('query.user_id');
  });

  it('limits repeated failed sign-ins with 429 and Retry-After', async () => {
    const { email } = await signUp();
    let response = await api.call('POST', '/auth/password/sign-in', {
      body: { email, password: 'wrong one!' },
    });
    for (let attempt = 0; attempt < 10 && response.statusCode !== 429; attempt++) {
      response = await api.call('POST', '/auth/password/sign-in', {
        body: { email, password: 'wrong one!' },
      });
    }
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    // A page on another origin may read it (CORS), to say when to try again.
    expect(String(response.headers['access-control-expose-headers'])).toMatch(/\bretry-after\b/);
  });
});
