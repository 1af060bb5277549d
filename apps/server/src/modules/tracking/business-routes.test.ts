import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSession } from '../../../test/browser-session.ts';
import { page, startFixtureHttpServer } from '../../../test/fixture-http-server.ts';
import { buildTestApp } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import {
  buildMerchant,
  createKey,
  startFixtureShop,
  verifyShop,
  type FixtureShop,
} from './tracking-test-kit.ts';

let testDb: TestDatabase;
let app: FastifyInstance;
let shop: FixtureShop;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildTestApp(testDb, { fetchAllowPrivate: true });
  shop = await startFixtureShop();
});
afterAll(async () => {
  await app?.close();
  await shop?.server.close();
  await testDb?.dispose();
});

interface DomainBody {
  id: string;
  domain: string;
  isPrimary: boolean;
  verificationToken: string;
  verifiedAt: string | null;
  verification: { metaTag: string; fileUrl: string };
}

describe('merchant domains', () => {
  it('need a business session', async () => {
    const anonymous = browserSession(app);
    expect((await anonymous.get('/api/business/domains')).statusCode).toBe(401);
    expect(
      (await anonymous.post('/api/business/domains', { domain: 'a.example.com' })).statusCode,
    ).toBe(401);
    expect((await anonymous.post('/api/business/keys', { kind: 'secret' })).statusCode).toBe(401);
    expect((await anonymous.get('/api/business/attribution')).statusCode).toBe(401);
  });

  it("list the business's own domain first, unverified, with what to put on the shop", async () => {
    const merchant = await buildMerchant(app);
    const response = await merchant.browser.get('/api/business/domains');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const { domains } = response.json<{ domains: DomainBody[] }>();
    expect(domains).toHaveLength(1);
    const [primary] = domains;
    expect(primary).toMatchObject({ domain: merchant.domain, isPrimary: true, verifiedAt: null });
    expect(primary!.verificationToken).toMatch(/^ipick-[A-Za-z0-9_-]{20,}$/);
    expect(primary!.verification).toEqual({
      metaTag: `<meta name="ipick-site-verification" content="${primary!.verificationToken}">`,
      fileUrl: `https://${merchant.domain}/.well-known/ipick-verification.txt`,
    });
  });

  it('refuse localhost and IP addresses where ipick may not fetch private addresses', async () => {
    const strictApp = await buildTestApp(testDb);
    try {
      const merchant = await buildMerchant(strictApp);
      for (const domain of ['localhost', 'localhost:8080', '127.0.0.1', '203.0.113.7:443']) {
        const refused = await merchant.browser.post('/api/business/domains', { domain });
        expect(refused.statusCode).toBe(400);
        expect(refused.json<{ error: string }>().error).toBe(
          "domain: enter your shop's domain name, such as shop.example.com, not localhost or an IP address",
        );
      }
      const { domains } = (await merchant.browser.get('/api/business/domains')).json<{
        domains: DomainBody[];
      }>();
      expect(domains).toHaveLength(1);
    } finally {
      await strictApp.close();
    }
  });

  it('add a domain (normalised), refuse duplicates and bad input naming the field', async () => {
    const merchant = await buildMerchant(app);
    const added = await merchant.browser.post('/api/business/domains', {
      domain: 'HTTPS://www.Outlet-Shop.example.com/sale',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      domain: { domain: 'outlet-shop.example.com', isPrimary: false, verifiedAt: null },
    });
    const again = await merchant.browser.post('/api/business/domains', {
      domain: 'outlet-shop.example.com',
    });
    expect(again.statusCode).toBe(409);

    const bad = await merchant.browser.post('/api/business/domains', { domain: 'not a domain' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toMatch(/^body\.domain: /);
    const missing = await merchant.browser.post('/api/business/domains', {});
    expect(missing.json<{ error: string }>().error).toMatch(/^body\.domain: /);

    // Another business's own domain cannot be claimed.
    const other = await buildMerchant(app);
    const claim = await merchant.browser.post('/api/business/domains', { domain: other.domain });
    expect(claim.statusCode).toBe(409);
  });

  it("keep one business out of another's domains (404)", async () => {
    const owner = await buildMerchant(app);
    const added = await owner.browser.post('/api/business/domains', {
      domain: `mine${Date.now()}.example.com`,
    });
    const { id } = added.json<{ domain: DomainBody }>().domain;
    const intruder = await buildMerchant(app);
    expect((await intruder.browser.post(`/api/business/domains/${id}/verify`)).statusCode).toBe(
      404,
    );
    expect((await intruder.browser.delete(`/api/business/domains/${id}`)).statusCode).toBe(404);
    expect((await intruder.browser.post('/api/business/domains/not-an-id/verify')).statusCode).toBe(
      404,
    );
    expect((await owner.browser.delete(`/api/business/domains/${id}`)).statusCode).toBe(204);
    const primaryId = (await owner.browser.get('/api/business/domains')).json<{
      domains: DomainBody[];
    }>().domains[0]!.id;
    expect((await owner.browser.delete(`/api/business/domains/${primaryId}`)).statusCode).toBe(409);
  });

  it('verify a domain through the meta tag on its home page', async () => {
    const merchant = await buildMerchant(app);
    const id = await verifyShop(merchant, shop);
    const { domains } = (await merchant.browser.get('/api/business/domains')).json<{
      domains: DomainBody[];
    }>();
    const verified = domains.find((domain) => domain.id === id)!;
    expect(verified.domain).toBe(shop.domain);
    expect(new Date(verified.verifiedAt!).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // The fetcher went to the shop itself.
    expect(shop.server.requests.some((request) => request.path === '/')).toBe(true);

    // Only one business can prove a domain; another may list it but not verify it.
    const rival = await buildMerchant(app);
    const added = await rival.browser.post('/api/business/domains', { domain: shop.domain });
    expect(added.statusCode).toBe(409);
  });

  it('verify a domain through the file under /.well-known/', async () => {
    const merchant = await buildMerchant(app);
    let token = '';
    const fileShop = await startFixtureHttpServer({
      '/': page('<html><head><title>No tag here</title></head></html>'),
      '/.well-known/ipick-verification.txt': (request, response) =>
        page(`${token}\n`, { contentType: 'text/plain; charset=utf-8' })(request, response),
    });
    try {
      const added = await merchant.browser.post('/api/business/domains', {
        domain: `127.0.0.1:${fileShop.port}`,
      });
      const { id, verificationToken } = added.json<{ domain: DomainBody }>().domain;
      token = verificationToken;
      const verified = await merchant.browser.post(`/api/business/domains/${id}/verify`);
      expect(verified.statusCode).toBe(200);
      expect(verified.json<{ domain: DomainBody }>().domain.verifiedAt).not.toBeNull();
      // Verifying again is a no-op.
      expect((await merchant.browser.post(`/api/business/domains/${id}/verify`)).statusCode).toBe(
        200,
      );
    } finally {
      await fileShop.close();
    }
  });

  it('say once that a domain cannot be reached, not once per file looked for', async () => {
    const merchant = await buildMerchant(app);
    const gone = await startFixtureHttpServer({});
    const port = gone.port;
    await gone.close(); // nothing listens there any more
    const added = await merchant.browser.post('/api/business/domains', {
      domain: `127.0.0.1:${port}`,
    });
    const { id } = added.json<{ domain: DomainBody }>().domain;
    const response = await merchant.browser.post(`/api/business/domains/${id}/verify`);
    expect(response.statusCode).toBe(400);
    const { error } = response.json<{ error: string }>();
    expect(error).toContain(`127.0.0.1:${port}/: ipick couldn't connect to that website`);
    expect(error).not.toContain('/.well-known/ipick-verification.txt:');
  });

  it('say clearly why a domain could not be verified', async () => {
    const merchant = await buildMerchant(app);
    const wrongShop = await startFixtureHttpServer({
      '/': page('<meta name="ipick-site-verification" content="someone-elses-token">'),
    });
    try {
      const added = await merchant.browser.post('/api/business/domains', {
        domain: `127.0.0.1:${wrongShop.port}`,
      });
      const { id } = added.json<{ domain: DomainBody }>().domain;
      const response = await merchant.browser.post(`/api/business/domains/${id}/verify`);
      expect(response.statusCode).toBe(400);
      const { error } = response.json<{ error: string }>();
      expect(error).toContain(`Could not verify 127.0.0.1:${wrongShop.port}`);
      expect(error).toContain('has no <meta name="ipick-site-verification"');
      expect(error).toContain('/.well-known/ipick-verification.txt: not found (HTTP 404)');
      const listed = (await merchant.browser.get('/api/business/domains')).json<{
        domains: DomainBody[];
      }>();
      expect(listed.domains.find((domain) => domain.id === id)!.verifiedAt).toBeNull();
    } finally {
      await wrongShop.close();
    }

    // A shop nobody answers for.
    const gone = await merchant.browser.post('/api/business/domains', {
      domain: `127.0.0.1:${wrongShop.port}`.replace(/:\d+$/, ':9'),
    });
    const unreachable = await merchant.browser.post(
      `/api/business/domains/${gone.json<{ domain: DomainBody }>().domain.id}/verify`,
    );
    expect(unreachable.statusCode).toBe(400);
    expect(unreachable.json<{ error: string }>().error).toMatch(/couldn't connect/);
  });
});

describe('API keys', () => {
  interface KeyBody {
    id: string;
    kind: string;
    prefix: string;
    lastFour: string;
    key: string | null;
    revokedAt: string | null;
  }

  it('make publishable and secret keys, showing a secret key in full only once', async () => {
    const merchant = await buildMerchant(app);
    const secret = await merchant.browser.post('/api/business/keys', { kind: 'secret' });
    expect(secret.statusCode).toBe(201);
    const made = secret.json<{ apiKey: KeyBody; secret: string }>();
    expect(made.secret).toMatch(/^sk_live_[A-Za-z0-9]{32}$/);
    expect(made.apiKey).toMatchObject({
      kind: 'secret',
      prefix: made.secret.slice(0, 12),
      lastFour: made.secret.slice(-4),
      key: null,
      revokedAt: null,
    });
    const publishable = await createKey(merchant, 'publishable');
    expect(publishable.key).toMatch(/^pk_live_[A-Za-z0-9]{32}$/);

    const listed = await merchant.browser.get('/api/business/keys');
    expect(listed.headers['cache-control']).toBe('private, no-store');
    const { keys } = listed.json<{ keys: KeyBody[] }>();
    expect(keys.map((key) => key.kind).sort()).toEqual(['publishable', 'secret']);
    expect(listed.body).not.toContain(made.secret);
    expect(keys.find((key) => key.kind === 'publishable')!.key).toBe(publishable.key);

    // Only the hash of a secret key is stored.
    const row = await testDb.database.db
      .selectFrom('business_api_keys')
      .selectAll()
      .where('id', '=', made.apiKey.id)
      .executeTakeFirstOrThrow();
    expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(made.secret);
  });

  it('name a bad kind', async () => {
    const merchant = await buildMerchant(app);
    const response = await merchant.browser.post('/api/business/keys', { kind: 'admin' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toMatch(/^body\.kind: /);
  });

  it('rotate a key (the old one is revoked at once) and revoke keys', async () => {
    const merchant = await buildMerchant(app);
    const first = await createKey(merchant, 'secret');
    const rotated = await merchant.browser.post(`/api/business/keys/${first.id}/rotate`);
    expect(rotated.statusCode).toBe(201);
    const body = rotated.json<{ apiKey: KeyBody; secret: string; revokedKeyId: string }>();
    expect(body.revokedKeyId).toBe(first.id);
    expect(body.secret).not.toBe(first.key);
    expect(body.apiKey.kind).toBe('secret');

    const { keys } = (await merchant.browser.get('/api/business/keys')).json<{ keys: KeyBody[] }>();
    expect(keys.find((key) => key.id === first.id)!.revokedAt).not.toBeNull();
    expect((await merchant.browser.post(`/api/business/keys/${first.id}/rotate`)).statusCode).toBe(
      409,
    );

    expect((await merchant.browser.delete(`/api/business/keys/${body.apiKey.id}`)).statusCode).toBe(
      204,
    );
    expect((await merchant.browser.delete(`/api/business/keys/${body.apiKey.id}`)).statusCode).toBe(
      204,
    );
  });

  it("keep one business out of another's keys (404)", async () => {
    const owner = await buildMerchant(app);
    const { id } = await createKey(owner, 'secret');
    const intruder = await buildMerchant(app);
    expect((await intruder.browser.post(`/api/business/keys/${id}/rotate`)).statusCode).toBe(404);
    expect((await intruder.browser.delete(`/api/business/keys/${id}`)).statusCode).toBe(404);
    const { keys } = (await intruder.browser.get('/api/business/keys')).json<{ keys: KeyBody[] }>();
    expect(keys).toEqual([]);
    const ownerKeys = (await owner.browser.get('/api/business/keys')).json<{ keys: KeyBody[] }>();
    expect(ownerKeys.keys[0]!.revokedAt).toBeNull();
  });

  it('limit unrevoked keys of a kind', async () => {
    const merchant = await buildMerchant(app);
    for (let index = 0; index < 5; index++) await createKey(merchant, 'publishable');
    const sixth = await merchant.browser.post('/api/business/keys', { kind: 'publishable' });
    expect(sixth.statusCode).toBe(409);
    expect((await merchant.browser.post('/api/business/keys', { kind: 'secret' })).statusCode).toBe(
      201,
    );
  });

  it('refuse cross-site writes', async () => {
    const merchant = await buildMerchant(app);
    const response = await merchant.browser.post(
      '/api/business/keys',
      { kind: 'secret' },
      { origin: 'https://evil.example' },
    );
    expect(response.statusCode).toBe(403);
  });
});

describe('attribution settings', () => {
  it('default to 30 days, last click, and can be changed', async () => {
    const merchant = await buildMerchant(app);
    const initial = await merchant.browser.get('/api/business/attribution/settings');
    expect(initial.json()).toEqual({ windowDays: 30, model: 'last_click' });
    const changed = await merchant.browser.patch('/api/business/attribution/settings', {
      windowDays: 7,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ windowDays: 7, model: 'last_click' });
    const model = await merchant.browser.patch('/api/business/attribution/settings', {
      model: 'linear',
    });
    expect(model.json()).toEqual({ windowDays: 7, model: 'linear' });

    const bad = await merchant.browser.patch('/api/business/attribution/settings', {
      windowDays: 0,
      model: 'time_decay',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toMatch(/body\.windowDays: .*body\.model: /);
  });

  it('refuse a window longer than the 90 days the snippet keeps ipick ids', async () => {
    const merchant = await buildMerchant(app);
    const longest = await merchant.browser.patch('/api/business/attribution/settings', {
      windowDays: 90,
    });
    expect(longest.json()).toEqual({ windowDays: 90, model: 'last_click' });
    const tooLong = await merchant.browser.patch('/api/business/attribution/settings', {
      windowDays: 200,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<{ error: string }>().error).toBe(
      'body.windowDays: must be from 1 to 90 days',
    );
    const kept = await merchant.browser.get('/api/business/attribution/settings');
    expect(kept.json()).toEqual({ windowDays: 90, model: 'last_click' });
  });
});
