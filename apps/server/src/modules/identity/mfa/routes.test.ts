import { randomBytes } from 'node:crypto';
import { StackClientApp } from '@stackframe/js';
import { sql } from 'kysely';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdentityApp, type IdentityApp } from '../../../../test/identity-app.ts';
import type { IdentityKeys } from '../../../../test/identity-client.ts';
import { extractLink, type SmtpInbox } from '../../../../test/smtp-inbox.ts';
import type { TestDatabase } from '../../../../test/test-database.ts';
import { hashToken } from '../core/secrets.ts';

/** Two-factor sign-in with TOTP (stack-auth.md §3.3), through the published client and HTTP. */
let testDb: TestDatabase;
let keys: IdentityKeys;
let baseUrl: string;
let api: IdentityApp['api'];
let inbox: SmtpInbox;
let identity: IdentityApp;

beforeAll(async () => {
  identity = await startIdentityApp({ smtp: true, listen: true });
  ({ testDb, keys, baseUrl, api } = identity);
  inbox = identity.inbox!;
});
afterAll(() => identity?.close());

const PASSWORD = 'mfa password 123';
let userCount = 0;
let addressCount = 0;
/** Each test signs in from its own address, so the per-address limits stay each test's own. */
const newAddress = () => `203.0.113.${++addressCount}`;

/** A user with two-factor sign-in on, enabled through PATCH /users/me as the clients do. */
async function userWithTotp() {
  const email = `mfa-${Date.now()}-${++userCount}@example.com`;
  const signUp = await api.call('POST', '/auth/password/sign-up', {
    body: { email, password: PASSWORD },
    remoteAddress: newAddress(),
  });
  const secret = randomBytes(20);
  const enable = await api.call('PATCH', '/users/me', {
    accessToken: signUp.json<{ access_token: string }>().access_token,
    body: { totp_secret_base64: secret.toString('base64') },
  });
  expect(enable.statusCode).toBe(200);
  expect(enable.json<{ requires_totp_mfa: boolean }>().requires_totp_mfa).toBe(true);
  return { email, secret, userId: signUp.json<{ user_id: string }>().user_id };
}

/** A TOTP code of the step `stepsAhead` steps from now's (0: the current code). */
function totpCode(secret: Uint8Array, stepsAhead = 0) {
  const stepStart = Math.floor(Date.now() / 30_000) * 30;
  return generate({ secret, epoch: stepStart + stepsAhead * 30 });
}

/** Signs in with the password and returns the attempt code of the MFA-required answer. */
async function attemptCode(email: string, remoteAddress = newAddress()) {
  const response = await api.call('POST', '/auth/password/sign-in', {
    body: { email, password: PASSWORD },
    remoteAddress,
  });
  expect(response.statusCode).toBe(400);
  expect(response.headers['x-stack-known-error']).toBe('MULTI_FACTOR_AUTHENTICATION_REQUIRED');
  const body = response.json<{ details: { attempt_code: string }; access_token?: string }>();
  expect(body.access_token).toBeUndefined();
  return body.details.attempt_code;
}

const mfaSignIn = (code: string, totp: Promise<string> | string, remoteAddress = newAddress()) =>
  Promise.resolve(totp).then((value) =>
    api.call('POST', '/auth/mfa/sign-in', {
      body: { type: 'totp', totp: value, code },
      remoteAddress,
    }),
  );

describe('two-factor sign-in through @stackframe/js', () => {
  it('enables TOTP on the user, then signs in with the attempt code and a code from the secret', async () => {
    const client = new StackClientApp({
      baseUrl,
      projectId: keys.projectId,
      publishableClientKey: keys.publishableClientKey,
      tokenStore: 'memory',
      noAutomaticPrefetch: true,
      redirectMethod: 'none',
    });
    const email = `mfa-sdk-${Date.now()}@example.com`;
    const signUp = await client.signUpWithCredential({
      email,
      password: PASSWORD,
      noVerificationCallback: true,
      noRedirect: true,
    });
    expect(signUp.status).toBe('ok');
    const secret = randomBytes(20);
    const user = await client.getUser({ or: 'throw' });
    expect(user.isMultiFactorRequired).toBe(false);
    await user.update({ totpMultiFactorSecret: secret });
    expect((await client.getUser({ or: 'throw' })).isMultiFactorRequired).toBe(true);
    await user.signOut();

    const code = await attemptCode(email);
    const wrong = await client.signInWithMfa('000000', code, { noRedirect: true });
    expect(wrong.status).toBe('error');
    if (wrong.status === 'error') expect(wrong.error.message).toContain('TOTP code is invalid');
    const right = await client.signInWithMfa(await totpCode(secret), code, { noRedirect: true });
    expect(right.status).toBe('ok');
    expect((await client.getUser({ or: 'throw' })).primaryEmail).toBe(email);

    // Turning it off (null) lets the password alone sign in again.
    await (await client.getUser({ or: 'throw' })).update({ totpMultiFactorSecret: null });
    const plain = await api.call('POST', '/auth/password/sign-in', {
      body: { email, password: PASSWORD },
      remoteAddress: newAddress(),
    });
    expect(plain.statusCode).toBe(200);
    expect(plain.json<{ refresh_token: string }>().refresh_token).toBeTruthy();
  });
});

describe('POST /auth/mfa/sign-in', () => {
  it('signs in once per attempt code and refuses a replayed TOTP code', async () => {
    const { email, secret } = await userWithTotp();
    const current = await totpCode(secret);

    const first = await attemptCode(email);
    const signedIn = await mfaSignIn(first, current);
    expect(signedIn.statusCode).toBe(200);
    const body = signedIn.json<Record<string, unknown>>();
    expect(body).toMatchObject({ is_new_user: false });
    expect(typeof body.access_token).toBe('string');
    expect(typeof body.refresh_token).toBe('string');

    const again = await mfaSignIn(first, totpCode(secret, 1));
    expect(again.statusCode).toBe(409);
    expect(again.headers['x-stack-known-error']).toBe('VERIFICATION_CODE_ALREADY_USED');

    // The same TOTP code on a fresh attempt is a replay; the next step's code works.
    const second = await attemptCode(email);
    const replay = await mfaSignIn(second, current);
    expect(replay.statusCode).toBe(400);
    expect(replay.headers['x-stack-known-error']).toBe('INVALID_TOTP_CODE');
    expect(replay.json<{ error: string }>().error).toBe(
      'The TOTP code is invalid. Please try again.',
    );
    const next = await mfaSignIn(second, totpCode(secret, 1));
    expect(next.statusCode).toBe(200);
  });

  it('asks for the second factor after an emailed sign-in code too', async () => {
    const { email, secret, userId } = await userWithTotp();
    // Emailed links sign in to confirmed addresses only.
    const verify = await api.call('PATCH', `/users/${userId}`, {
      tier: 'server',
      body: { primary_email_verified: true },
    });
    expect(verify.statusCode).toBe(200);
    const sent = await api.call('POST', '/auth/otp/send-sign-in-code', {
      body: { email, callback_url: '/handler/magic-link-callback' },
      remoteAddress: newAddress(),
    });
    expect(sent.statusCode).toBe(200);
    const emailed = extractLink(
      (await inbox.waitForMail(email)).text,
      '/handler/magic-link-callback',
    ).searchParams.get('code')!;
    const signIn = await api.call('POST', '/auth/otp/sign-in', {
      body: { code: emailed },
      remoteAddress: newAddress(),
    });
    expect(signIn.statusCode).toBe(400);
    expect(signIn.headers['x-stack-known-error']).toBe('MULTI_FACTOR_AUTHENTICATION_REQUIRED');
    const attempt = signIn.json<{ details: { attempt_code: string } }>().details.attempt_code;
    const completed = await mfaSignIn(attempt, totpCode(secret));
    expect(completed.statusCode).toBe(200);
  });

  it('refuses unknown and expired attempt codes and malformed bodies', async () => {
    const { email, secret } = await userWithTotp();
    const unknown = await mfaSignIn('x'.repeat(45), totpCode(secret));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['x-stack-known-error']).toBe('VERIFICATION_CODE_NOT_FOUND');

    const code = await attemptCode(email);
    await sql`update identity_mfa_attempts set expires_at = now() - interval '1 second'
      where code_hash = ${hashToken(code)}`.execute(testDb.database.db);
    const expired = await mfaSignIn(code, totpCode(secret));
    expect(expired.statusCode).toBe(400);
    expect(expired.headers['x-stack-known-error']).toBe('VERIFICATION_CODE_EXPIRED');

    const letters = await api.call('POST', '/auth/mfa/sign-in', {
      body: { type: 'totp', totp: 'abcdef', code },
      remoteAddress: newAddress(),
    });
    expect(letters.statusCode).toBe(400);
    expect(letters.json<{ error: string }>().error).toContain('body.totp');
    const otherType = await api.call('POST', '/auth/mfa/sign-in', {
      body: { type: 'sms', totp: '123456', code },
      remoteAddress: newAddress(),
    });
    expect(otherType.json<{ error: string }>().error).toContain('body.type');
  });

  it('limits wrong codes per address and account with 429 and Retry-After, not locking the owner out', async () => {
    const { email, secret } = await userWithTotp();
    const attacker = newAddress();
    const code = await attemptCode(email, attacker);
    const wrongCode = async () => ((await totpCode(secret)) === '111111' ? '222222' : '111111');
    for (let guess = 0; guess < 5; guess++) {
      const wrong = await mfaSignIn(code, wrongCode(), attacker);
      expect(wrong.headers['x-stack-known-error']).toBe('INVALID_TOTP_CODE');
    }
    const limited = await mfaSignIn(code, totpCode(secret), attacker);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    // The owner, elsewhere, still signs in.
    const owner = await mfaSignIn(await attemptCode(email), totpCode(secret));
    expect(owner.statusCode).toBe(200);
  });

  it('lets the server tier turn two-factor sign-in on and off for a user', async () => {
    const signUp = await api.call('POST', '/auth/password/sign-up', {
      body: { email: `mfa-server-${Date.now()}@example.com`, password: PASSWORD },
      remoteAddress: newAddress(),
    });
    const userId = signUp.json<{ user_id: string }>().user_id;
    const on = await api.call('PATCH', `/users/${userId}`, {
      tier: 'server',
      body: { totp_secret_base64: randomBytes(20).toString('base64') },
    });
    expect(on.json<{ requires_totp_mfa: boolean }>().requires_totp_mfa).toBe(true);
    const off = await api.call('PATCH', `/users/${userId}`, {
      tier: 'server',
      body: { totp_secret_base64: null },
    });
    expect(off.json<{ requires_totp_mfa: boolean }>().requires_totp_mfa).toBe(false);
  });

  it('refuses a TOTP secret that is not base64 of 16 to 64 bytes', async () => {
    const signUp = await api.call('POST', '/auth/password/sign-up', {
      body: { email: `mfa-bad-${Date.now()}@example.com`, password: PASSWORD },
      remoteAddress: newAddress(),
    });
    const accessToken = signUp.json<{ access_token: string }>().access_token;
    for (const value of ['not base64!', randomBytes(8).toString('base64')]) {
      const response = await api.call('PATCH', '/users/me', {
        accessToken,
        body: { totp_secret_base64: value },
      });
      expect(response.statusCode).toBe(400);
      expect(response.headers['x-stack-known-error']).toBe('SCHEMA_ERROR');
      expect(response.json<{ error: string }>().error).toContain('body.totp_secret_base64');
    }
  });
});
