import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  identityClient,
  identityKeys,
  updateProjectConfig,
  type IdentityKeys,
} from '../../../../test/identity-client.ts';
import { buildTestApp } from '../../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../../test/test-database.ts';
import { RP_ID_PLACEHOLDER } from './passkeys.ts';

/**
 * Passkeys with real WebAuthn answers: Chromium's virtual authenticator (DevTools protocol)
 * makes and signs them on a page of ipick's origin, SimpleWebAuthn's browser code drives the
 * ceremonies as the clients do, and the identity API checks them.
 */
let testDb: TestDatabase;
let app: FastifyInstance;
let keys: IdentityKeys;
let api: ReturnType<typeof identityClient>;
let browser: Browser;
let origin: string;

// The package's browser bundle (its `unpkg` file), beside its CommonJS entry.
const browserBundle = join(
  dirname(createRequire(import.meta.url).resolve('@simplewebauthn/browser')),
  '../dist/bundle/index.umd.min.js',
);

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildTestApp(testDb);
  await app.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://localhost:${(app.server.address() as AddressInfo).port}`;
  keys = await identityKeys(testDb.database.db, 'http://localhost:3000');
  api = identityClient(app, keys);
  await updateProjectConfig(testDb.database.db, keys.projectId, { passkey_enabled: true });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await testDb?.dispose();
});

/** A page on ipick's origin with a virtual passkey authenticator and SimpleWebAuthn loaded. */
async function pageWithAuthenticator(): Promise<Page> {
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  await page.goto(`${origin}/api/v1/`);
  await page.addScriptTag({ path: browserBundle });
  return page;
}

type Options = Record<string, unknown> & { rp?: { id: string }; rpId?: string };

/** What the SDK does: puts the page's host in place of the placeholder and asks the browser. */
async function register(page: Page, accessToken: string) {
  const started = await api.call('POST', '/auth/passkey/initiate-passkey-registration', {
    accessToken,
    body: {},
  });
  expect(started.statusCode, started.body).toBe(200);
  const { options_json: options, code } = started.json<{ options_json: Options; code: string }>();
  expect(options.rp!.id).toBe(RP_ID_PLACEHOLDER);
  options.rp!.id = new URL(origin).hostname;
  const credential = await page.evaluate(
    (optionsJSON) =>
      (
        globalThis as unknown as {
          SimpleWebAuthnBrowser: { startRegistration(o: unknown): Promise<unknown> };
        }
      ).SimpleWebAuthnBrowser.startRegistration({ optionsJSON }),
    options,
  );
  return api.call('POST', '/auth/passkey/register', {
    accessToken,
    body: { credential, code },
  });
}

async function authenticate(page: Page) {
  const started = await api.call('POST', '/auth/passkey/initiate-passkey-authentication', {
    body: {},
  });
  expect(started.statusCode, started.body).toBe(200);
  const { options_json: options, code } = started.json<{ options_json: Options; code: string }>();
  expect(options.rpId).toBe(RP_ID_PLACEHOLDER);
  options.rpId = new URL(origin).hostname;
  const response = await page.evaluate(
    (optionsJSON) =>
      (
        globalThis as unknown as {
          SimpleWebAuthnBrowser: { startAuthentication(o: unknown): Promise<unknown> };
        }
      ).SimpleWebAuthnBrowser.startAuthentication({ optionsJSON }),
    options,
  );
  return { response, code };
}

const signIn = (authentication_response: unknown, code: string) =>
  api.call('POST', '/auth/passkey/sign-in', { body: { authentication_response, code } });

async function newUser() {
  const signUp = await api.call('POST', '/auth/password/sign-up', {
    body: {
      email: `passkey-${Date.now()}-${Math.random()}@example.com`,
      password: 'passkey pw 123',
    },
  });
  return signUp.json<{ access_token: string; user_id: string }>();
}

describe('passkeys in Chromium', () => {
  it('registers a passkey, then signs in with it as the same user', async () => {
    const page = await pageWithAuthenticator();
    const user = await newUser();
    const registered = await register(page, user.access_token);
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json()).toEqual({ user_handle: user.user_id });
    const me = await api.call('GET', '/users/me', { accessToken: user.access_token });
    expect(me.json<{ passkey_auth_enabled: boolean }>().passkey_auth_enabled).toBe(true);

    const { response, code } = await authenticate(page);
    const signedIn = await signIn(response, code);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const tokens = signedIn.json<{ access_token: string; user_id: string; is_new_user: boolean }>();
    expect(tokens).toMatchObject({ user_id: user.user_id, is_new_user: false });
    const meAgain = await api.call('GET', '/users/me', { accessToken: tokens.access_token });
    expect(meAgain.json<{ id: string }>().id).toBe(user.user_id);
    await page.context().close();
  });

  it('refuses a reused code, a replayed answer and a counter that went back', async () => {
    const page = await pageWithAuthenticator();
    const user = await newUser();
    expect((await register(page, user.access_token)).statusCode).toBe(200);
    const first = await authenticate(page);
    expect((await signIn(first.response, first.code)).statusCode).toBe(200);
    const reusedCode = await signIn(first.response, first.code);
    expect(reusedCode.headers['x-stack-known-error']).toBe('PASSKEY_AUTHENTICATION_FAILED');
    // The same signed answer under a fresh challenge: the challenge and the counter refuse it.
    const fresh = await api.call('POST', '/auth/passkey/initiate-passkey-authentication', {
      body: {},
    });
    const replay = await signIn(first.response, fresh.json<{ code: string }>().code);
    expect(replay.statusCode).toBe(400);
    expect(replay.headers['x-stack-known-error']).toBe('PASSKEY_AUTHENTICATION_FAILED');
    // A clone of the authenticator counts behind the original: ipick has seen a higher count.
    await sql`update identity_passkeys set counter = 1000000 where user_id = ${user.user_id}`.execute(
      testDb.database.db,
    );
    const cloned = await authenticate(page);
    const refused = await signIn(cloned.response, cloned.code);
    expect(refused.headers['x-stack-known-error']).toBe('PASSKEY_AUTHENTICATION_FAILED');
    expect(refused.json<{ error: string }>().error).toContain('counter');
    await page.context().close();
  });

  it('lets the browser refuse registering the same authenticator twice', async () => {
    const page = await pageWithAuthenticator();
    const user = await newUser();
    expect((await register(page, user.access_token)).statusCode).toBe(200);
    const error = await register(page, user.access_token).then(
      () => null,
      (thrown: Error) => thrown.message,
    );
    expect(error).toContain('previously registered');
    const stored = await sql<{ count: string }>`
      select count(*) as count from identity_passkeys where user_id = ${user.user_id}`.execute(
      testDb.database.db,
    );
    expect(Number(stored.rows[0]!.count)).toBe(1);
    await page.context().close();
  });

  it('refuses an answer from a page origin the project does not trust', async () => {
    const page = await pageWithAuthenticator();
    const user = await newUser();
    expect((await register(page, user.access_token)).statusCode).toBe(200);
    const { response, code } = await authenticate(page);
    // The page's origin (localhost) stops being trusted before the answer arrives.
    await updateProjectConfig(testDb.database.db, keys.projectId, { allow_localhost: false });
    try {
      const refused = await signIn(response, code);
      expect(refused.statusCode).toBe(400);
      expect(refused.headers['x-stack-known-error']).toBe('PASSKEY_AUTHENTICATION_FAILED');
      expect(refused.json<{ error: string }>().error).toContain("not one of the project's trusted");
    } finally {
      await updateProjectConfig(testDb.database.db, keys.projectId, { allow_localhost: true });
    }
    await page.context().close();
  });

  it('refuses registration with an unknown code and sign-in while the project has passkeys off', async () => {
    const page = await pageWithAuthenticator();
    const user = await newUser();
    const badCode = await api.call('POST', '/auth/passkey/register', {
      accessToken: user.access_token,
      body: {
        code: 'not-a-code',
        credential: {
          id: 'AAAA',
          rawId: 'AAAA',
          type: 'public-key',
          response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' },
          clientExtensionResults: {},
        },
      },
    });
    expect(badCode.headers['x-stack-known-error']).toBe('PASSKEY_REGISTRATION_FAILED');
    await updateProjectConfig(testDb.database.db, keys.projectId, { passkey_enabled: false });
    try {
      const off = await api.call('POST', '/auth/passkey/initiate-passkey-authentication', {
        body: {},
      });
      expect(off.headers['x-stack-known-error']).toBe('PASSKEY_AUTHENTICATION_NOT_ENABLED');
    } finally {
      await updateProjectConfig(testDb.database.db, keys.projectId, { passkey_enabled: true });
    }
    await page.context().close();
  });

  it("lists the signed-in user's passkeys and removes one, after which it no longer signs in", async () => {
    const page = await pageWithAuthenticator();
    const user = await newUser();
    const stranger = await newUser();
    expect((await register(page, user.access_token)).statusCode).toBe(200);
    const listed = await api.call('GET', '/auth/passkey/credentials', {
      accessToken: user.access_token,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const { items } = listed.json<{ items: { id: string; created_at_millis: number }[] }>();
    expect(items).toHaveLength(1);
    expect(Object.keys(items[0]!).sort()).toEqual(
      ['backed_up', 'created_at_millis', 'device_type', 'id', 'last_used_at_millis'].sort(),
    );
    const passkeyId = items[0]!.id;
    const theirs = await api.call('GET', '/auth/passkey/credentials', {
      accessToken: stranger.access_token,
    });
    expect(theirs.json<{ items: unknown[] }>().items).toEqual([]);
    // Someone else's passkey is not theirs to remove; nor is a passkey without a session.
    const notTheirs = await api.call('DELETE', `/auth/passkey/credentials/${passkeyId}`, {
      accessToken: stranger.access_token,
    });
    expect(notTheirs.statusCode).toBe(404);
    const signedOut = await api.call('DELETE', `/auth/passkey/credentials/${passkeyId}`, {});
    expect(signedOut.headers['x-stack-known-error']).toBe('CANNOT_GET_OWN_USER_WITHOUT_USER');
    const badId = await api.call('DELETE', '/auth/passkey/credentials/not-an-id', {
      accessToken: user.access_token,
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.body).toContain('passkeyId');

    const removed = await api.call('DELETE', `/auth/passkey/credentials/${passkeyId}`, {
      accessToken: user.access_token,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ success: true });
    const after = await api.call('GET', '/auth/passkey/credentials', {
      accessToken: user.access_token,
    });
    expect(after.json<{ items: unknown[] }>().items).toEqual([]);
    const me = await api.call('GET', '/users/me', { accessToken: user.access_token });
    expect(me.json<{ passkey_auth_enabled: boolean }>().passkey_auth_enabled).toBe(false);
    // The authenticator still holds the credential, but ipick no longer accepts it.
    const { response, code } = await authenticate(page);
    const refused = await signIn(response, code);
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['x-stack-known-error']).toBe('PASSKEY_AUTHENTICATION_FAILED');
    await page.context().close();
  });
});
