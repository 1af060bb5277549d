import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSession } from '../../../test/browser-session.ts';
import { identityClient, identityKeys } from '../../../test/identity-client.ts';
import { buildTestApp } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';

/** A sign-in made through the identity API in the browser becomes the product's session. */
let testDb: TestDatabase;
let app: FastifyInstance;
let api: ReturnType<typeof identityClient>;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildTestApp(testDb);
  api = identityClient(app, await identityKeys(testDb.database.db, 'http://localhost:3000'));
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

async function identitySignIn() {
  const email = `adopted-${Date.now()}@example.com`;
  const signUp = await api.call('POST', '/auth/password/sign-up', {
    body: { email, password: 'adopted password 1' },
  });
  return { email, refreshToken: signUp.json<{ refresh_token: string }>().refresh_token };
}

describe('POST /api/auth/identity-session', () => {
  it('keeps the refresh token in the session cookie, so the pages see the user signed in', async () => {
    const { email, refreshToken } = await identitySignIn();
    const browser = browserSession(app);
    const adopted = await browser.post('/api/auth/identity-session', { refreshToken });
    expect(adopted.statusCode, adopted.body).toBe(200);
    expect(adopted.json<{ user: { email: string } }>().user.email).toBe(email);
    const cookie = adopted.cookies.find((c) => c.value === refreshToken);
    expect(cookie?.httpOnly).toBe(true);
    const me = await browser.get('/api/auth/me');
    expect(me.json<{ user: { email: string } | null }>().user?.email).toBe(email);
  });

  it('refuses an unknown token and posts from other sites', async () => {
    const browser = browserSession(app);
    const unknown = await browser.post('/api/auth/identity-session', { refreshToken: 'nope' });
    expect(unknown.statusCode).toBe(401);
    const { refreshToken } = await identitySignIn();
    const crossSite = await browser.post(
      '/api/auth/identity-session',
      { refreshToken },
      { origin: 'https://evil.example' },
    );
    expect(crossSite.statusCode).toBe(403);
    expect((await browser.get('/api/auth/me')).json<{ user: unknown }>().user).toBeNull();
    const missing = await browser.post('/api/auth/identity-session', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('refresh token is missing');
  });
});

describe('POST /api/auth/cli-confirm', () => {
  it('approves a command-line login for the signed-in shopper, once', async () => {
    const started = await api.call('POST', '/auth/cli', { body: {} });
    const { login_code: loginCode, polling_code: pollingCode } = started.json<{
      login_code: string;
      polling_code: string;
    }>();
    const signedOut = browserSession(app);
    expect((await signedOut.post('/api/auth/cli-confirm', { loginCode })).statusCode).toBe(401);

    const { refreshToken } = await identitySignIn();
    const browser = browserSession(app);
    await browser.post('/api/auth/identity-session', { refreshToken });
    const confirmed = await browser.post('/api/auth/cli-confirm', { loginCode });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const poll = await api.call('POST', '/auth/cli/poll', { body: { polling_code: pollingCode } });
    expect(poll.statusCode).toBe(201);
    // The command line holds a session of its own, not the browser's.
    expect(poll.json<{ refresh_token: string }>().refresh_token).not.toBe(refreshToken);

    const again = await browser.post('/api/auth/cli-confirm', { loginCode });
    expect(again.statusCode).toBe(400);
    expect(again.json<{ error: string }>().error).toBe(
      'CLI authentication request expired. Please try again.',
    );
  });
});
