import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { AppDependencies, AppSettings } from '../src/app.ts';
import {
  identityClient,
  identityKeys,
  updateProjectConfig,
  type IdentityKeys,
} from './identity-client.ts';
import { startSmtpInbox, type SmtpInbox } from './smtp-inbox.ts';
import { buildTestApp } from './test-app.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

/** The whole app on a fresh database with the identity project's keys, as a test file uses it. */
export interface IdentityApp {
  testDb: TestDatabase;
  app: FastifyInstance;
  keys: IdentityKeys;
  api: ReturnType<typeof identityClient>;
  /** The SMTP stand-in the app mails to, when asked for. */
  inbox: SmtpInbox | undefined;
  /** Where the app listens, when asked to (for the published SDK, which needs real HTTP). */
  baseUrl: string;
  close(): Promise<void>;
}

export interface IdentityAppOptions {
  /** Mail goes over SMTP to an inbox the test reads; otherwise to the outbox. */
  smtp?: boolean;
  /** Listen on a free loopback port; the project's trusted URL is then that address. */
  listen?: boolean;
  /** Project settings a scenario needs (client team creation, API keys, permissions…). */
  projectConfig?: Record<string, unknown>;
  settings?: Partial<AppSettings>;
  /** Identity settings of the app (webhook retry schedule, Stripe stand-in). */
  identityOptions?: AppDependencies['identityOptions'];
}

const DEFAULT_PUBLIC_URL = 'http://localhost:3000';

/** Starts an app for identity tests; `close` stops it and drops its database. */
export async function startIdentityApp(options: IdentityAppOptions = {}): Promise<IdentityApp> {
  const testDb = await createTestDatabase();
  const inbox = options.smtp ? await startSmtpInbox() : undefined;
  const app = await buildTestApp(
    testDb,
    {
      publicUrl: DEFAULT_PUBLIC_URL,
      ...(inbox ? { smtpUrl: inbox.url } : {}),
      ...options.settings,
    },
    options.identityOptions ? { identityOptions: options.identityOptions } : {},
  );
  let baseUrl = options.settings?.publicUrl ?? DEFAULT_PUBLIC_URL;
  if (options.listen) {
    await app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  }
  const keys = await identityKeys(testDb.database.db, baseUrl);
  if (options.projectConfig) {
    await updateProjectConfig(testDb.database.db, keys.projectId, options.projectConfig);
  }
  return {
    testDb,
    app,
    keys,
    api: identityClient(app, keys),
    inbox,
    baseUrl,
    async close() {
      await app.close();
      await inbox?.close();
      await testDb.dispose();
    },
  };
}

let signUps = 0;

/** A new user signed up with a password on the client tier, with their tokens. */
export async function signUpWithPassword(
  api: IdentityApp['api'],
  options: { email?: string; password?: string; remoteAddress?: string } = {},
) {
  const email = options.email ?? `user${++signUps}-${Date.now()}@example.com`;
  const password = options.password ?? 'correct horse battery';
  const response = await api.call('POST', '/auth/password/sign-up', {
    body: { email, password },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<{ access_token: string; refresh_token: string; user_id: string }>();
  return {
    email,
    password,
    id: body.user_id,
    token: body.access_token,
    refreshToken: body.refresh_token,
  };
}

/** A §8 known error: its status, its code in the body and in both header spellings. */
export function expectKnownError(
  response: { statusCode: number; headers: Record<string, unknown>; json: () => unknown },
  status: number,
  code: string,
) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['x-stack-known-error']).toBe(code);
  expect(response.headers['x-hexclave-known-error']).toBe(code);
  expect(response.json()).toMatchObject({ code });
}
