import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSession } from '../../../test/browser-session.ts';
import { identityClient, identityKeys } from '../../../test/identity-client.ts';
import { buildTestApp } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { NOT_ON_A_BUSINESS_TEAM } from './business-routes.ts';

/**
 * /business-login's OAuth and passkey sign-ins: an identity sign-in made in the browser becomes
 * a merchant session only for someone on a business's staff.
 */
let testDb: TestDatabase;
let app: FastifyInstance;
let api: ReturnType<typeof identityClient>;
let counter = 0;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildTestApp(testDb);
  api = identityClient(app, await identityKeys(testDb.database.db, 'http://localhost:3000'));
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

const PASSWORD = 'merchant identity 1';

/** An identity sign-in of the email, as the browser's OAuth or passkey step ends with one. */
async function identitySignIn(email: string) {
  const signIn = await api.call('POST', '/auth/password/sign-in', {
    body: { email, password: PASSWORD },
  });
  expect(signIn.statusCode).toBe(200);
  return signIn.json<{ refresh_token: string }>().refresh_token;
}

describe('POST /api/business/auth/identity-session', () => {
  it("makes a business owner's identity sign-in their merchant session", async () => {
    const email = `owner-${Date.now()}-${++counter}@example.com`;
    const domain = `identity-shop${counter}.example.com`;
    const registered = await browserSession(app).post('/api/business/auth/register', {
      name: 'Identity Shop',
      domain,
      email,
      password: PASSWORD,
    });
    expect(registered.statusCode).toBe(200);

    const merchant = browserSession(app);
    const adopted = await merchant.post('/api/business/auth/identity-session', {
      refreshToken: await identitySignIn(email),
    });
    expect(adopted.statusCode).toBe(200);
    expect(adopted.json()).toMatchObject({ success: true, business: { domain } });
    expect((await merchant.get('/api/business/auth/me')).json()).toMatchObject({
      business: { domain },
    });
    // A merchant session, not a shopper one.
    expect((await merchant.get('/api/auth/me')).json()).toEqual({ user: null });
  });

  it('refuses someone on no business team, says why, and ends that sign-in', async () => {
    const email = `shopper-${Date.now()}-${++counter}@example.com`;
    const signUp = await api.call('POST', '/auth/password/sign-up', {
      body: { email, password: PASSWORD },
    });
    const refreshToken = signUp.json<{ refresh_token: string }>().refresh_token;
    const browser = browserSession(app);
    const refused = await browser.post('/api/business/auth/identity-session', { refreshToken });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: string }>().error).toBe(NOT_ON_A_BUSINESS_TEAM);
    expect((await browser.get('/api/business/auth/me')).json()).toEqual({ business: null });
    const refresh = await api.call('POST', '/auth/sessions/current/refresh', {
      headers: { 'x-stack-refresh-token': refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('names a missing token, refuses an unknown one and other sites', async () => {
    const browser = browserSession(app);
    const missing = await browser.post('/api/business/auth/identity-session', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('The refresh token is missing');
    const unknown = await browser.post('/api/business/auth/identity-session', {
      refreshToken: 'not-a-token',
    });
    expect(unknown.statusCode).toBe(401);
    const foreign = await browser.post(
      '/api/business/auth/identity-session',
      { refreshToken: 'x' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    );
    expect(foreign.statusCode).toBe(403);
  });

  it("finishes a two-factor merchant's password sign-in with the code", async () => {
    const email = `totp-owner-${Date.now()}-${++counter}@example.com`;
    await browserSession(app).post('/api/business/auth/register', {
      name: 'Code Shop',
      domain: `code-shop${counter}.example.com`,
      email,
      password: PASSWORD,
    });
    const signIn = await api.call('POST', '/auth/password/sign-in', {
      body: { email, password: PASSWORD },
    });
    const secret = randomBytes(20);
    await api.call('PATCH', '/users/me', {
      accessToken: signIn.json<{ access_token: string }>().access_token,
      body: { totp_secret_base64: secret.toString('base64') },
    });

    const merchant = browserSession(app);
    const login = await merchant.post('/api/business/auth/login', { email, password: PASSWORD });
    expect(login.statusCode).toBe(400);
    const answer = login.json<{ code: string; details: { attemptCode: string } }>();
    expect(answer.code).toBe('mfa_required');
    expect((await merchant.get('/api/business/auth/me')).json()).toEqual({ business: null });

    const mfa = await api.call('POST', '/auth/mfa/sign-in', {
      body: { type: 'totp', totp: await generate({ secret }), code: answer.details.attemptCode },
    });
    expect(mfa.statusCode).toBe(200);
    const adopted = await merchant.post('/api/business/auth/identity-session', {
      refreshToken: mfa.json<{ refresh_token: string }>().refresh_token,
    });
    expect(adopted.statusCode).toBe(200);
    expect((await merchant.get('/api/business/auth/me')).json()).toMatchObject({
      business: { name: 'Code Shop' },
    });
  });
});
