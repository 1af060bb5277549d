import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSession } from '../../../test/browser-session.ts';
import { startTcpProxy, type TcpProxy } from '../../../test/tcp-proxy.ts';
import { buildTestApp } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { buildMerchant } from '../../modules/tracking/tracking-test-kit.ts';

// Issue 20: in a database outage the visitor of an outbound link still reaches a known or signed
// target (302, never 500), and other routes answer 503 with Retry-After, not 500. On PostgreSQL
// the outage is the server going away (the connection to it is cut through a proxy) and coming
// back; on PGlite it is its worker stopping, which does not come back.

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

let testDb: TestDatabase;
let database: Database;
let proxy: TcpProxy | null = null;
let app: FastifyInstance;

beforeAll(async () => {
  testDb = await createTestDatabase();
  if (testDb.url) {
    // The app reaches PostgreSQL through a proxy the test can cut.
    const url = new URL(testDb.url);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    database = await openDatabase({
      kind: 'postgres',
      url: url.href,
      maxConnections: 4,
      connectTimeoutMs: 1000,
      statementTimeoutMs: 2000,
      startupRetryMs: 0,
    });
  } else {
    database = testDb.database;
  }
  app = await buildTestApp({
    database,
    migrationVersion: testDb.migrationVersion,
    dispose: () => database.close(),
  });
});
afterAll(async () => {
  await app?.close();
  if (proxy) {
    await database?.close();
    await proxy.close();
  }
  await testDb?.dispose();
});

function follow(target: string, extra = '') {
  return app.inject({
    url: `/api/redirect?to=${encodeURIComponent(target)}${extra}`,
    headers: { 'user-agent': CHROME, accept: 'text/html' },
  });
}

async function cutDatabase() {
  if (proxy) await proxy.stop();
  else await database.crashForTests!();
}

describe('a database outage', () => {
  it('sends visitors on to known and signed targets, and answers 503 elsewhere', async () => {
    // Known before the outage: a merchant's shop (followed once) and a signed link.
    const merchant = await buildMerchant(app);
    const shopLink = `https://${merchant.domain}/p/kettle`;
    expect((await follow(shopLink)).statusCode).toBe(302);
    const signed = await app.referral.signRedirect('https://blog.example.org/review');
    const sig = new URL(signed, 'http://localhost').searchParams.get('sig')!;

    await cutDatabase();

    const retailer = await follow('https://www.amazon.com/dp/B08P2HBBLX');
    expect(retailer.statusCode, retailer.body).toBe(302);
    expect(retailer.headers.location).toMatch(/^https:\/\/www\.amazon\.com\/dp\/B08P2HBBLX\?tag=/);
    const shop = await follow(shopLink);
    expect(shop.statusCode, shop.body).toBe(302);
    expect(shop.headers.location).toMatch(new RegExp(`^https://${merchant.domain}/p/kettle\\?`));
    const signedLink = await follow('https://blog.example.org/review', `&sig=${sig}`);
    expect(signedLink.statusCode, signedLink.body).toBe(302);
    expect(signedLink.headers.location).toBe('https://blog.example.org/review');

    // An unknown target's page needs nothing stored: it is not a 500 either.
    expect((await follow('https://unknown-shop.example.net/x')).statusCode).toBeLessThan(500);

    const signIn = await browserSession(app).post('/api/auth/login', {
      email: 'someone@example.com',
      password: 'some password 1',
    });
    expect(signIn.statusCode).toBe(503);
    expect(signIn.headers['retry-after']).toBe('5');
    expect(signIn.json()).toMatchObject({ code: 'service_unavailable' });
    const dashboard = await merchant.browser.get('/api/business/dashboard/summary');
    expect(dashboard.statusCode).toBe(503);
    expect(dashboard.headers['retry-after']).toBe('5');
  });

  it.runIf(testDb?.url ?? process.env.IPICK_TEST_DATABASE === 'postgres')(
    'recovers within seconds once PostgreSQL is back',
    async () => {
      await proxy!.start();
      const started = Date.now();
      let status = 0;
      while (Date.now() - started < 10_000) {
        const response = await browserSession(app).post('/api/auth/login', {
          email: 'someone@example.com',
          password: 'some password 1',
        });
        status = response.statusCode;
        if (status !== 503) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      // A wrong password again, answered by the database.
      expect(status).toBe(401);
      expect(Date.now() - started).toBeLessThan(10_000);
    },
  );
});
