import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSession } from '../../../test/browser-session.ts';
import { identityClient, identityKeys } from '../../../test/identity-client.ts';
import { buildTestApp } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';

/**
 * The product's password sign-in of a shopper who turned two-factor on: the right password
 * alone starts no session; it hands back the attempt code the second step finishes with.
 */
let testDb: TestDatabase;
let app: FastifyInstance;
let api: ReturnType<typeof identityClient>;
const PASSWORD = 'two factor password 1';

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildTestApp(testDb);
  api = identityClient(app, await identityKeys(testDb.database.db, 'http://localhost:3000'));
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

async function shopperWithTwoFactor() {
  const email = `mfa-login-${Date.now()}@example.com`;
  const signUp = await api.call('POST', '/auth/password/sign-up', {
    body: { email, password: PASSWORD },
  });
  const secret = randomBytes(20);
  const enable = await api.call('PATCH', '/users/me', {
    accessToken: signUp.json<{ access_token: string }>().access_token,
    body: { totp_secret_base64: secret.toString('base64') },
  });
  expect(enable.statusCode, enable.body).toBe(200);
  return { email, secret };
}

describe('POST /api/auth/login with two-factor on', () => {
  it('asks for the code instead of signing in, and the code finishes the sign-in', async () => {
    const { email, secret } = await shopperWithTwoFactor();
    const browser = browserSession(app);
    const login = await browser.post('/api/auth/login', { email, password: PASSWORD });
    expect(login.statusCode, login.body).toBe(400);
    const body = login.json<{ code: string; error: string; details?: { attemptCode?: string } }>();
    expect(body.code).toBe('mfa_required');
    expect(body.error).toContain('authenticator app');
    expect(body.details?.attemptCode).toEqual(expect.any(String));
    expect(login.cookies.filter((cookie) => cookie.value !== '')).toEqual([]);
    expect((await browser.get('/api/auth/me')).json<{ user: unknown }>().user).toBeNull();

    const completed = await api.call('POST', '/auth/mfa/sign-in', {
      body: { type: 'totp', totp: await generate({ secret }), code: body.details!.attemptCode! },
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const { refresh_token: refreshToken } = completed.json<{ refresh_token: string }>();
    const adopted = await browser.post('/api/auth/identity-session', { refreshToken });
    expect(adopted.statusCode, adopted.body).toBe(200);
    const me = await browser.get('/api/auth/me');
    expect(me.json<{ user: { email: string } | null }>().user?.email).toBe(email);
  });

  it('still answers a wrong password as before, without an attempt code', async () => {
    const { email } = await shopperWithTwoFactor();
    const wrong = await browserSession(app).post('/api/auth/login', {
      email,
      password: 'not the password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      code: 'invalid_credentials',
      error: 'Wrong email or password.',
    });
  });
});
