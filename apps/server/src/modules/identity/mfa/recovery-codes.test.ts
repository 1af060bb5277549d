import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdentityApp, type IdentityApp } from '../../../../test/identity-app.ts';
import type { TestDatabase } from '../../../../test/test-database.ts';
import { hashToken } from '../core/secrets.ts';
import { normalizeRecoveryCode } from './mfa.ts';

/** Two-factor recovery codes (an ipick extension of POST /auth/mfa/sign-in), over HTTP. */
let testDb: TestDatabase;
let api: IdentityApp['api'];
let identity: IdentityApp;

beforeAll(async () => {
  identity = await startIdentityApp();
  ({ testDb, api } = identity);
});
afterAll(() => identity?.close());

const PASSWORD = 'recovery password 1';
let count = 0;
const newAddress = () => `198.51.100.${++count}`;

async function signedUpUser() {
  const email = `recovery-${Date.now()}-${++count}@example.com`;
  const signUp = await api.call('POST', '/auth/password/sign-up', {
    body: { email, password: PASSWORD },
    remoteAddress: newAddress(),
  });
  expect(signUp.statusCode).toBe(200);
  const { access_token: accessToken, user_id: userId } = signUp.json<{
    access_token: string;
    user_id: string;
  }>();
  return { email, accessToken, userId };
}

const setSecret = (accessToken: string, secret: Buffer | null) =>
  api.call('PATCH', '/users/me', {
    accessToken,
    body: { totp_secret_base64: secret ? secret.toString('base64') : null },
  });

async function attemptCode(email: string) {
  const response = await api.call('POST', '/auth/password/sign-in', {
    body: { email, password: PASSWORD },
    remoteAddress: newAddress(),
  });
  expect(response.headers['x-stack-known-error']).toBe('MULTI_FACTOR_AUTHENTICATION_REQUIRED');
  return response.json<{ details: { attempt_code: string } }>().details.attempt_code;
}

const recoverySignIn = (code: string, recoveryCode: string, remoteAddress = newAddress()) =>
  api.call('POST', '/auth/mfa/sign-in', {
    body: { type: 'recovery_code', recovery_code: recoveryCode, code },
    remoteAddress,
  });

describe('two-factor recovery codes', () => {
  it('are refused to a user without two-factor, and to nobody signed in', async () => {
    const { accessToken } = await signedUpUser();
    const refused = await api.call('POST', '/auth/mfa/recovery-codes', { accessToken, body: {} });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['x-stack-known-error']).toBe('TOTP_NOT_ENABLED');
    const anonymous = await api.call('POST', '/auth/mfa/recovery-codes', { body: {} });
    expect(anonymous.statusCode).toBe(400);
    expect(anonymous.headers['x-stack-known-error']).toBe('CANNOT_GET_OWN_USER_WITHOUT_USER');
  });

  it('are shown once, kept hashed, and each signs in once in place of a TOTP code', async () => {
    const { email, accessToken, userId } = await signedUpUser();
    expect((await setSecret(accessToken, randomBytes(20))).statusCode).toBe(200);
    const created = await api.call('POST', '/auth/mfa/recovery-codes', { accessToken, body: {} });
    expect(created.statusCode).toBe(200);
    const codes = created.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    expect(new Set(codes).size).toBe(10);

    // Only the hashes are stored.
    const stored = await sql<{ code_hash: string }>`
      select code_hash from identity_mfa_recovery_codes where user_id = ${userId}
    `.execute(testDb.database.db);
    expect(stored.rows.map((row) => row.code_hash).sort()).toEqual(
      codes.map((code) => hashToken(normalizeRecoveryCode(code))).sort(),
    );
    expect(JSON.stringify(stored.rows)).not.toContain(codes[0]!.replace(/-/g, ''));

    const wrong = await recoverySignIn(await attemptCode(email), 'aaaa-bbbb-cccc-dddd');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.headers['x-stack-known-error']).toBe('INVALID_RECOVERY_CODE');

    // Typed in capitals and without dashes, it still matches.
    const first = codes[0]!;
    const ok = await recoverySignIn(
      await attemptCode(email),
      first.replace(/-/g, '').toUpperCase(),
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json<{ refresh_token: string; user_id: string }>().user_id).toBe(userId);

    const again = await recoverySignIn(await attemptCode(email), first);
    expect(again.statusCode).toBe(400);
    expect(again.headers['x-stack-known-error']).toBe('INVALID_RECOVERY_CODE');

    const remaining = await api.call('GET', '/auth/mfa/recovery-codes', { accessToken });
    expect(remaining.json<{ unused_count: number }>().unused_count).toBe(9);

    // A refused code leaves the attempt usable: a right code still completes it.
    const attempt = await attemptCode(email);
    expect((await recoverySignIn(attempt, 'zzzz-zzzz-zzzz-zzzz')).statusCode).toBe(400);
    expect((await recoverySignIn(attempt, codes[1]!)).statusCode).toBe(200);
    // The attempt code is spent with it.
    const spent = await recoverySignIn(attempt, codes[2]!);
    expect(spent.statusCode).toBe(409);
    expect(spent.headers['x-stack-known-error']).toBe('VERIFICATION_CODE_ALREADY_USED');
  });

  it('count wrong guesses against the account from that address, as wrong TOTP codes do', async () => {
    const { email, accessToken } = await signedUpUser();
    await setSecret(accessToken, randomBytes(20));
    const codes = (
      await api.call('POST', '/auth/mfa/recovery-codes', { accessToken, body: {} })
    ).json<{ recovery_codes: string[] }>().recovery_codes;

    const attacker = newAddress();
    const attempt = await attemptCode(email);
    for (let guess = 0; guess < 5; guess++) {
      const wrong = await recoverySignIn(attempt, `wrong-${guess}`, attacker);
      expect(wrong.headers['x-stack-known-error']).toBe('INVALID_RECOVERY_CODE');
    }
    // Even the right code is refused from that address once its guesses are spent.
    const limited = await recoverySignIn(attempt, codes[0]!, attacker);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    // The owner, elsewhere, still signs in with it.
    expect((await recoverySignIn(await attemptCode(email), codes[0]!)).statusCode).toBe(200);
  });

  it('stop working when the secret changes or two-factor is turned off', async () => {
    const { email, accessToken } = await signedUpUser();
    await setSecret(accessToken, randomBytes(20));
    const codes = (
      await api.call('POST', '/auth/mfa/recovery-codes', { accessToken, body: {} })
    ).json<{ recovery_codes: string[] }>().recovery_codes;

    await setSecret(accessToken, randomBytes(20));
    const stale = await recoverySignIn(await attemptCode(email), codes[0]!);
    expect(stale.headers['x-stack-known-error']).toBe('INVALID_RECOVERY_CODE');
    const remaining = await api.call('GET', '/auth/mfa/recovery-codes', { accessToken });
    expect(remaining.json<{ unused_count: number }>().unused_count).toBe(0);
  });

  it('leave the Stack-compatible TOTP body as it was: an unknown type is named', async () => {
    const response = await api.call('POST', '/auth/mfa/sign-in', {
      body: { type: 'sms', totp: '123456', code: 'x' },
      remoteAddress: newAddress(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['x-stack-known-error']).toBe('SCHEMA_ERROR');
    expect(response.json<{ error: string }>().error).toBe('body.type: must be "totp"');
  });
});
