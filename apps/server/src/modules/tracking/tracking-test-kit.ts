import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { browserSession } from '../../../test/browser-session.ts';
import { testDatabaseOf } from '../../../test/test-app.ts';
import {
  page,
  startFixtureHttpServer,
  type FixtureHttpServer,
} from '../../../test/fixture-http-server.ts';

/** Factories for the tracking tests (code-style §10); not part of the app. */

export type BrowserSession = ReturnType<typeof browserSession>;

export interface Merchant {
  browser: BrowserSession;
  businessId: string;
  domain: string;
}

let counter = 0;

/**
 * A merchant signed in to a new business on its own domain. It registers (pending) and is then
 * approved as an admin would (`active`), as a shop must be to create keys and import feeds;
 * `status` keeps it pending or suspends it instead.
 */
export async function buildMerchant(
  app: FastifyInstance,
  name = 'Kettle World',
  { status = 'active' }: { status?: 'pending' | 'active' | 'suspended' } = {},
): Promise<Merchant> {
  const browser = browserSession(app);
  const stamp = `${Date.now()}${++counter}${Math.floor(Math.random() * 1e6)}`;
  const domain = `kettles${stamp}.example.com`;
  const response = await browser.post('/api/business/auth/register', {
    name,
    domain,
    email: `merchant${stamp}@example.com`,
    password: 'merchant password 1',
  });
  expect(response.statusCode).toBe(200);
  const { business } = response.json<{ business: { id: string } }>();
  await setBusinessStatus(app, business.id, status);
  return { browser, businessId: business.id, domain };
}

/** Sets a business's status directly, as an admin's approval or suspension would. */
export async function setBusinessStatus(
  app: FastifyInstance,
  businessId: string,
  status: 'pending' | 'active' | 'suspended',
): Promise<void> {
  await testDatabaseOf(app)
    .database.db.updateTable('businesses')
    .set({ status })
    .where('id', '=', businessId)
    .execute();
}

/** A shop on 127.0.0.1 whose home page shows whatever verification token it is given. */
export interface FixtureShop {
  server: FixtureHttpServer;
  /** `127.0.0.1:<port>`, as a tracked domain. */
  domain: string;
  origin: string;
  setToken(token: string): void;
}

export async function startFixtureShop(): Promise<FixtureShop> {
  let token = '';
  const server = await startFixtureHttpServer({
    '/': (request, response) =>
      page(
        `<!doctype html><html><head><title>Shop</title>` +
          `<meta name="ipick-site-verification" content="${token}"></head><body>Kettles</body></html>`,
      )(request, response),
  });
  return {
    server,
    domain: `127.0.0.1:${server.port}`,
    origin: server.origin,
    setToken: (value) => {
      token = value;
    },
  };
}

/** Adds the shop's domain to the merchant's list and verifies it through its meta tag. */
export async function verifyShop(merchant: Merchant, shop: FixtureShop): Promise<string> {
  const added = await merchant.browser.post('/api/business/domains', { domain: shop.domain });
  expect(added.statusCode).toBe(201);
  const { domain } = added.json<{ domain: { id: string; verificationToken: string } }>();
  shop.setToken(domain.verificationToken);
  const verified = await merchant.browser.post(`/api/business/domains/${domain.id}/verify`);
  expect(verified.statusCode, verified.body).toBe(200);
  return domain.id;
}

/** A new key of `kind` for the merchant: its full value and id. */
export async function createKey(
  merchant: Merchant,
  kind: 'publishable' | 'secret',
): Promise<{ id: string; key: string }> {
  const response = await merchant.browser.post('/api/business/keys', { kind });
  expect(response.statusCode).toBe(201);
  const body = response.json<{ apiKey: { id: string }; secret: string }>();
  return { id: body.apiKey.id, key: body.secret };
}
