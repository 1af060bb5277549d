import { StackClientApp } from '@stackframe/js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdentityApp, type IdentityApp } from '../../../../test/identity-app.ts';
import type { IdentityKeys } from '../../../../test/identity-client.ts';
import type { TestDatabase } from '../../../../test/test-database.ts';
import { hashToken } from '../core/secrets.ts';

/** CLI login (stack-auth.md §3.8), through the published client and over raw HTTP. */
let testDb: TestDatabase;
let keys: IdentityKeys;
let baseUrl: string;
let api: IdentityApp['api'];
let identity: IdentityApp;

beforeAll(async () => {
  identity = await startIdentityApp({ listen: true });
  ({ testDb, keys, baseUrl, api } = identity);
});
afterAll(() => identity?.close());

function clientApp() {
  return new StackClientApp({
    baseUrl,
    projectId: keys.projectId,
    publishableClientKey: keys.publishableClientKey,
    tokenStore: 'memory',
    noAutomaticPrefetch: true,
    redirectMethod: 'none',
    urls: { cliAuthConfirm: '/handler/cli-auth-confirm' },
  });
}

/**
 * `promptCliLogin` reads `waitTimeMillis` and `maxAttempts` (its doc comment lists them), though
 * its published type leaves them out; short waits keep the tests quick.
 */
type PromptOptions = Parameters<StackClientApp['promptCliLogin']>[0] & {
  waitTimeMillis: number;
  maxAttempts: number;
};
function promptCliLogin(options: PromptOptions) {
  return clientApp().promptCliLogin(options);
}

let userCount = 0;
/** A new user signed in with a password: their tokens, as a browser would hold them. */
async function signedInUser() {
  const email = `cli-${Date.now()}-${++userCount}@example.com`;
  const response = await api.call('POST', '/auth/password/sign-up', {
    body: { email, password: 'cli password 123' },
  });
  expect(response.statusCode).toBe(200);
  const body = response.json<{ access_token: string; refresh_token: string; user_id: string }>();
  return { email, accessToken: body.access_token, refreshToken: body.refresh_token };
}

async function startAttempt(body: Record<string, unknown> = {}) {
  const response = await api.call('POST', '/auth/cli', { body });
  expect(response.statusCode).toBe(200);
  return response.json<{ polling_code: string; login_code: string; expires_at: string }>();
}

const poll = (pollingCode: string) =>
  api.call('POST', '/auth/cli/poll', { body: { polling_code: pollingCode } });

/** Who a refresh token belongs to, by refreshing it and reading the user. */
async function emailOfRefreshToken(refreshToken: string) {
  const refreshed = await api.call('POST', '/auth/sessions/current/refresh', {
    headers: { 'x-stack-refresh-token': refreshToken },
  });
  expect(refreshed.statusCode).toBe(200);
  const me = await api.call('GET', '/users/me', {
    accessToken: refreshed.json<{ access_token: string }>().access_token,
  });
  return me.json<{ primary_email: string }>().primary_email;
}

async function expireAttempt(pollingCode: string) {
  await sql`update identity_cli_auth_attempts set expires_at = now() - interval '1 second'
    where polling_code_hash = ${hashToken(pollingCode)}`.execute(testDb.database.db);
}

describe('CLI login through @stackframe/js', () => {
  it('promptCliLogin polls until a signed-in browser confirms, then holds a session of its own', async () => {
    const browser = await signedInUser();
    let confirmUrl = '';
    let confirmation: Promise<unknown> = Promise.resolve();
    const result = await promptCliLogin({
      appUrl: baseUrl,
      waitTimeMillis: 20,
      maxAttempts: 500,
      promptLink: (url, loginCode) => {
        confirmUrl = url;
        // What the confirm page does for a signed-in user who approves.
        confirmation = api.call('POST', '/auth/cli/complete', {
          accessToken: browser.accessToken,
          body: { login_code: loginCode, refresh_token: browser.refreshToken },
        });
      },
    });
    expect(((await confirmation) as { statusCode: number }).statusCode).toBe(200);
    expect(result.status).toBe('ok');
    const cliRefreshToken = result.status === 'ok' ? result.data : '';
    expect(confirmUrl).toMatch(
      new RegExp(`^${baseUrl}/handler/cli-auth-confirm\\?login_code=[a-z2-7]{45}$`),
    );
    expect(cliRefreshToken).not.toBe(browser.refreshToken);
    expect(await emailOfRefreshToken(cliRefreshToken)).toBe(browser.email);

    // The browser signing out leaves the command line signed in.
    const signOut = await api.call('DELETE', '/auth/sessions/current', {
      accessToken: browser.accessToken,
      headers: { 'x-stack-refresh-token': browser.refreshToken },
    });
    expect(signOut.statusCode).toBe(200);
    expect(await emailOfRefreshToken(cliRefreshToken)).toBe(browser.email);
  });

  it('reports an expired attempt and a timeout with the messages of §8', async () => {
    const expired = await promptCliLogin({
      appUrl: baseUrl,
      waitTimeMillis: 20,
      maxAttempts: 500,
      promptLink: () => {
        // Expire every open attempt: the one just started is the only open one this test makes.
        void sql`update identity_cli_auth_attempts set expires_at = now() - interval '1 second'
          where used_at is null and user_id is null`.execute(testDb.database.db);
      },
    });
    expect(expired.status).toBe('error');
    if (expired.status === 'error') {
      expect(expired.error.message).toContain(
        'CLI authentication request expired. Please try again.',
      );
    }

    const timedOut = await promptCliLogin({
      appUrl: baseUrl,
      waitTimeMillis: 1,
      maxAttempts: 2,
      promptLink: () => {},
    });
    expect(timedOut.status).toBe('error');
    if (timedOut.status === 'error') {
      expect(timedOut.error.message).toContain('Timed out waiting for CLI authentication.');
    }
  });
});

describe('CLI login endpoints', () => {
  it('starts with codes and an expiry, waits, succeeds once with 201, then says used', async () => {
    const before = Date.now();
    const attempt = await startAttempt({ expires_in_millis: 60_000 });
    expect(attempt.polling_code).not.toBe(attempt.login_code);
    const expiresAt = Date.parse(attempt.expires_at);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 60_000);
    expect(expiresAt).toBeLessThan(Date.now() + 61_000);

    const waiting = await poll(attempt.polling_code);
    expect(waiting.statusCode).toBe(200);
    expect(waiting.json()).toEqual({ status: 'waiting' });

    const browser = await signedInUser();
    const complete = await api.call('POST', '/auth/cli/complete', {
      body: { login_code: attempt.login_code, refresh_token: browser.refreshToken },
    });
    expect(complete.statusCode).toBe(200);
    expect(complete.json()).toEqual({ success: true });

    const done = await poll(attempt.polling_code);
    expect(done.statusCode).toBe(201);
    const refreshToken = done.json<{ status: string; refresh_token: string }>().refresh_token;
    expect(done.json()).toEqual({ status: 'success', refresh_token: refreshToken });
    expect(await emailOfRefreshToken(refreshToken)).toBe(browser.email);

    const again = await poll(attempt.polling_code);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: 'used' });

    // A used login code cannot be completed again, by anyone.
    const reused = await api.call('POST', '/auth/cli/complete', {
      body: { login_code: attempt.login_code, refresh_token: browser.refreshToken },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.body).toBe('Invalid login code or the code has expired');
  });

  it('defaults to two hours and refuses more than 24 hours or unknown fields', async () => {
    const attempt = await startAttempt();
    const lifetime = Date.parse(attempt.expires_at) - Date.now();
    expect(lifetime).toBeGreaterThan(2 * 60 * 60 * 1000 - 60_000);
    expect(lifetime).toBeLessThanOrEqual(2 * 60 * 60 * 1000);

    const tooLong = await api.call('POST', '/auth/cli', {
      body: { expires_in_millis: 24 * 60 * 60 * 1000 + 1 },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.headers['x-stack-known-error']).toBe('SCHEMA_ERROR');
    expect(tooLong.json<{ error: string }>().error).toContain('body.expires_in_millis');

    const unknown = await api.call('POST', '/auth/cli', { body: { expires_in: 5 } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.headers['x-stack-known-error']).toBe('SCHEMA_ERROR');
  });

  it('refuses an unknown polling code with INVALID_POLLING_CODE and a missing one by schema', async () => {
    const unknown = await poll('a'.repeat(45));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.headers['x-stack-known-error']).toBe('INVALID_POLLING_CODE');

    const missing = await api.call('POST', '/auth/cli/poll', { body: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ error: string }>().error).toContain('body.polling_code');
  });

  it('answers expired for an attempt past its time, completed or not, and will not complete it', async () => {
    const browser = await signedInUser();
    const open = await startAttempt();
    await expireAttempt(open.polling_code);
    expect((await poll(open.polling_code)).json()).toEqual({ status: 'expired' });
    const late = await api.call('POST', '/auth/cli/complete', {
      body: { login_code: open.login_code, refresh_token: browser.refreshToken },
    });
    expect(late.statusCode).toBe(400);
    expect(late.body).toBe('Invalid login code or the code has expired');

    // Approved in time but collected too late: no session is handed out.
    const approved = await startAttempt();
    const complete = await api.call('POST', '/auth/cli/complete', {
      body: { login_code: approved.login_code, refresh_token: browser.refreshToken },
    });
    expect(complete.statusCode).toBe(200);
    await expireAttempt(approved.polling_code);
    const sessionsBefore = await countSessions();
    expect((await poll(approved.polling_code)).json()).toEqual({ status: 'expired' });
    expect(await countSessions()).toBe(sessionsBefore);
  });

  it('completes only with a live refresh token of the signed-in user', async () => {
    const browser = await signedInUser();
    const other = await signedInUser();
    const attempt = await startAttempt();

    const noToken = await api.call('POST', '/auth/cli/complete', {
      body: { login_code: attempt.login_code },
    });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json<{ error: string }>().error).toContain('body.refresh_token');

    const wrongToken = await api.call('POST', '/auth/cli/complete', {
      body: { login_code: attempt.login_code, refresh_token: 'b'.repeat(45) },
    });
    expect(wrongToken.statusCode).toBe(400);
    expect(wrongToken.body).toBe('Invalid refresh token');

    const someoneElses = await api.call('POST', '/auth/cli/complete', {
      accessToken: browser.accessToken,
      body: { login_code: attempt.login_code, refresh_token: other.refreshToken },
    });
    expect(someoneElses.statusCode).toBe(400);
    expect(someoneElses.body).toBe('Invalid refresh token');

    const unknownCode = await api.call('POST', '/auth/cli/complete', {
      body: { login_code: 'c'.repeat(45), refresh_token: browser.refreshToken },
    });
    expect(unknownCode.statusCode).toBe(400);
    expect(unknownCode.body).toBe('Invalid login code or the code has expired');

    // None of that completed the attempt.
    expect((await poll(attempt.polling_code)).json()).toEqual({ status: 'waiting' });
  });

  it("lets the confirm page check for and claim the command line's anonymous user", async () => {
    const created = await api.call('POST', '/users', {
      tier: 'server',
      body: { is_anonymous: true },
    });
    expect(created.statusCode).toBe(201);
    const anonId = created.json<{ id: string }>().id;
    const session = await api.call('POST', '/auth/sessions', {
      tier: 'server',
      body: { user_id: anonId },
    });
    const anonRefreshToken = session.json<{ refresh_token: string }>().refresh_token;

    const withAnon = await startAttempt({ anon_refresh_token: anonRefreshToken });
    const check = await api.call('POST', '/auth/cli/complete', {
      body: { login_code: withAnon.login_code, mode: 'check' },
    });
    expect(check.json()).toEqual({ cli_session_state: 'anonymous' });
    const claim = await api.call('POST', '/auth/cli/complete', {
      body: { login_code: withAnon.login_code, mode: 'claim-anon-session' },
    });
    expect(claim.statusCode).toBe(200);
    const claimed = claim.json<{ access_token: string; refresh_token: string }>();
    const me = await api.call('GET', '/users/me', {
      accessToken: claimed.access_token,
      headers: { 'x-stack-allow-anonymous-user': 'true' },
    });
    expect(me.json<{ id: string; is_anonymous: boolean }>()).toMatchObject({
      id: anonId,
      is_anonymous: true,
    });

    const plain = await startAttempt();
    const none = await api.call('POST', '/auth/cli/complete', {
      body: { login_code: plain.login_code, mode: 'check' },
    });
    expect(none.json()).toEqual({ cli_session_state: 'none' });
    const noAnon = await api.call('POST', '/auth/cli/complete', {
      body: { login_code: plain.login_code, mode: 'claim-anon-session' },
    });
    expect(noAnon.statusCode).toBe(400);
    expect(noAnon.body).toBe('No anonymous session associated with this code');

    // A full user's refresh token is no anonymous session.
    const browser = await signedInUser();
    const notAnon = await api.call('POST', '/auth/cli', {
      body: { anon_refresh_token: browser.refreshToken },
    });
    expect(notAnon.statusCode).toBe(400);
    expect(notAnon.body).toBe('Invalid anon refresh token');
  });
});

async function countSessions(): Promise<number> {
  const result = await sql<{ count: string | number }>`
    select count(*) as count from identity_sessions`.execute(testDb.database.db);
  return Number(result.rows[0]!.count);
}

describe('starting command-line logins', () => {
  it('allows one address 30 an hour, then answers 429 with Retry-After; other addresses go on', async () => {
    const start = (remoteAddress: string) =>
      api.call('POST', '/auth/cli', { body: {}, remoteAddress });
    for (let i = 0; i < 30; i++) expect((await start('198.51.100.7')).statusCode).toBe(200);
    const refused = await start('198.51.100.7');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await start('198.51.100.8')).statusCode).toBe(200);
  });
});
