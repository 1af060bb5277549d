import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSession } from '../../../test/browser-session.ts';
import { startSmtpInbox, type SmtpInbox } from '../../../test/smtp-inbox.ts';
import { buildTestApp } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';

let testDb: TestDatabase;
let app: FastifyInstance;
let inbox: SmtpInbox;

beforeAll(async () => {
  testDb = await createTestDatabase();
  inbox = await startSmtpInbox();
  app = await buildTestApp(testDb, { smtpUrl: inbox.url });
});
afterAll(async () => {
  await app?.close();
  await inbox?.close();
  await testDb?.dispose();
});

interface Access {
  projectId: string;
  publishableClientKey: string;
  accessToken: string | null;
}

function clientHeaders(access: Access): Record<string, string> {
  return {
    'x-stack-access-type': 'client',
    'x-stack-project-id': access.projectId,
    'x-stack-publishable-client-key': access.publishableClientKey,
    ...(access.accessToken ? { 'x-stack-access-token': access.accessToken } : {}),
  };
}

describe('POST /api/auth/identity-token', () => {
  it("gives a signed-in shopper's page a client-tier token of that shopper", async () => {
    const browser = browserSession(app);
    const email = `token-${Date.now()}@example.com`;
    const registered = await browser.post('/api/auth/register', {
      email,
      password: 'token password 1',
    });
    expect(registered.statusCode).toBe(200);
    const response = await browser.post('/api/auth/identity-token');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const access = response.json<Access>();
    expect(access.accessToken).toEqual(expect.any(String));
    const me = await app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: clientHeaders(access),
    });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ primary_email: email });
  });

  it('gives a signed-out page the keys and no token', async () => {
    const response = await browserSession(app).post('/api/auth/identity-token');
    expect(response.statusCode).toBe(200);
    const access = response.json<Access>();
    expect(access).toMatchObject({
      accessToken: null,
      publishableClientKey: expect.any(String) as unknown,
    });
    const me = await app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: clientHeaders(access),
    });
    expect(me.headers['x-stack-known-error']).toBe('CANNOT_GET_OWN_USER_WITHOUT_USER');
  });

  it("refuses another site's page, which must not read a visitor's token", async () => {
    const foreign = browserSession(app, 'https://evil.example');
    const response = await foreign.post('/api/auth/identity-token', undefined, {
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(response.statusCode).toBe(403);
  });
});
