import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSession } from '../../../test/browser-session.ts';
import { buildTestApp } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { buildMerchant, setBusinessStatus } from '../tracking/tracking-test-kit.ts';

// Issue 20: a pending business reaches nobody (no mail, no feed, no live key) until approved; a
// suspended one may only read its own data and sign out. One guard decides for every merchant
// route, so this walks them all.

let testDb: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildTestApp(testDb);
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

/** The routes a merchant session is not needed for: signing in and out, invitation links. */
const PUBLIC_ROUTES = [
  'GET /api/business/auth/me',
  'HEAD /api/business/auth/me',
  'POST /api/business/auth/register',
  'POST /api/business/auth/login',
  'POST /api/business/auth/identity-session',
  'POST /api/business/auth/logout',
  'GET /api/business/invitations/details',
  'HEAD /api/business/invitations/details',
  'POST /api/business/invitations/accept',
];

/** A request to a route's address, its parameters filled with a well-formed id. */
function call(method: string, url: string) {
  const path = url.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000');
  return { method: method as 'GET', path };
}

function guardedRoutes() {
  return app.merchantRoutes.filter((route) => route.action !== 'public');
}

describe('the merchant-access guard', () => {
  it('guards every /api/business route but signing in and out and the invitation links', () => {
    const open = app.merchantRoutes
      .filter((route) => route.action === 'public')
      .map((route) => `${route.method} ${route.url}`);
    expect(open.sort()).toEqual([...PUBLIC_ROUTES].sort());
    expect(guardedRoutes().length).toBeGreaterThan(20);
  });

  it('answers 401 on every guarded route when signed out', async () => {
    const browser = browserSession(app);
    for (const route of guardedRoutes()) {
      if (route.method === 'HEAD') continue;
      const { method, path } = call(route.method, route.url);
      const response =
        method === 'GET'
          ? await browser.get(path)
          : await app.inject({
              method,
              url: path,
              headers: { origin: 'http://localhost:3000', host: 'localhost:3000' },
              payload: {},
            });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('lets a suspended business read its data and sign out, and refuses everything else', async () => {
    const merchant = await buildMerchant(app, 'Kettle World', { status: 'suspended' });
    for (const route of guardedRoutes()) {
      if (route.method === 'HEAD') continue;
      const { path } = call(route.method, route.url);
      const response =
        route.method === 'GET'
          ? await merchant.browser.get(path)
          : route.method === 'POST'
            ? await merchant.browser.post(path, {})
            : route.method === 'PATCH'
              ? await merchant.browser.patch(path, {})
              : await merchant.browser.delete(path);
      const name = `${route.method} ${route.url}`;
      if (route.method === 'GET') {
        expect(response.statusCode, name).not.toBe(403);
        expect(response.statusCode, name).toBeLessThan(500);
      } else {
        expect(response.statusCode, name).toBe(403);
        expect(response.json<{ error: string }>().error, name).toMatch(
          /^ipick has suspended your business/,
        );
      }
    }
    const summary = await merchant.browser.get('/api/business/dashboard/summary');
    expect(summary.statusCode).toBe(200);
    const signedOut = await merchant.browser.post('/api/business/auth/logout');
    expect(signedOut.statusCode).toBe(200);
    const me = await merchant.browser.get('/api/business/auth/me');
    expect(me.json()).toEqual({ business: null });
  });

  it('keeps a pending business from mailing, importing feeds and creating keys until approved', async () => {
    const merchant = await buildMerchant(app, 'Kettle World', { status: 'pending' });
    const tries = {
      invite: () =>
        merchant.browser.post('/api/business/team/invitations', { email: 'someone@example.com' }),
      feed: () => merchant.browser.post('/api/business/catalog/feeds', { url: 'https://x.test/f' }),
      key: () => merchant.browser.post('/api/business/keys', { kind: 'publishable' }),
    };
    const refusals = {
      invite: 'ipick has not approved your business yet; you can send invitations once it has.',
      feed: 'ipick has not approved your business yet; you can import product feeds once it has.',
      key: 'ipick has not approved your business yet; you can create API keys once it has.',
    };
    for (const [name, attempt] of Object.entries(tries)) {
      const response = await attempt();
      expect(response.statusCode, name).toBe(403);
      expect(response.json(), name).toEqual({
        error: refusals[name as keyof typeof refusals],
        code: 'forbidden',
      });
    }
    // It sets up everything else meanwhile.
    const domain = await merchant.browser.post('/api/business/domains', {
      domain: `shop${Date.now()}.example.org`,
    });
    expect(domain.statusCode).toBe(201);
    const profile = await merchant.browser.patch('/api/business/profile', { name: 'Kettle Town' });
    expect(profile.statusCode).toBe(200);
    const rotate = await merchant.browser.post(
      '/api/business/keys/00000000-0000-4000-8000-000000000000/rotate',
    );
    expect(rotate.statusCode).toBe(403);

    await setBusinessStatus(app, merchant.businessId, 'active');
    expect((await tries.key()).statusCode).toBe(201);
    expect((await tries.invite()).statusCode).toBe(201);
  });

  it('applies a suspension to a merchant who is already signed in, at once', async () => {
    const merchant = await buildMerchant(app);
    expect((await merchant.browser.post('/api/business/keys', { kind: 'secret' })).statusCode).toBe(
      201,
    );
    await setBusinessStatus(app, merchant.businessId, 'suspended');
    const key = await merchant.browser.post('/api/business/keys', { kind: 'secret' });
    expect(key.statusCode).toBe(403);
    const keys = await merchant.browser.get('/api/business/keys');
    expect(keys.statusCode).toBe(200);
  });
});
