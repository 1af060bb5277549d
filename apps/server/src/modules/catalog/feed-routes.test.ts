import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSession } from '../../../test/browser-session.ts';
import { buildTestApp } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';

const rssFeed = readFileSync(
  fileURLToPath(new URL('../../../test/fixtures/feeds/rss-feed.xml', import.meta.url)),
);

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

const newStamp = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`;

async function signedInMerchant(domain = `kettles${newStamp()}.example.com`) {
  const merchant = browserSession(app);
  const stamp = newStamp();
  const response = await merchant.post('/api/business/auth/register', {
    name: 'Kettle World',
    domain,
    email: `merchant${stamp}@example.com`,
    password: 'merchant password 1',
  });
  expect(response.statusCode).toBe(200);
  // Approved, as a shop must be to import feeds.
  await testDb.database.db
    .updateTable('businesses')
    .set({ status: 'active' })
    .where('domain', '=', domain)
    .execute();
  return merchant;
}

function uploadForm(content: Buffer | string, fileName = 'feed.xml', full = false) {
  const form = new FormData();
  form.append('full', String(full));
  form.append('feed', new Blob([content]), fileName);
  return form;
}

async function waitForImport(merchant: ReturnType<typeof browserSession>, importId: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const response = await merchant.get(`/api/business/catalog/feeds/${importId}`);
    const body = response.json<{ status: string }>();
    if (body.status !== 'running') return response.json<Record<string, unknown>>();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the import did not finish');
}

describe('merchant feed uploads', () => {
  it('imports an uploaded feed in the background and reports it', async () => {
    const domain = `shop${newStamp()}.example.com`;
    const merchant = await signedInMerchant(domain);
    const feed = rssFeed.toString().replaceAll('shop.example.com', domain);
    const upload = await merchant.post('/api/business/catalog/feeds', uploadForm(feed));
    expect(upload.statusCode).toBe(202);
    const { importId } = upload.json<{ importId: string }>();
    const report = await waitForImport(merchant, importId);
    expect(report).toMatchObject({
      status: 'completed',
      itemsSeen: 5,
      created: 3,
      rejected: 2,
      source: 'feed.xml',
      phase: null,
      bytesRead: Buffer.byteLength(feed),
      bytesTotal: Buffer.byteLength(feed),
    });
    const list = await merchant.get('/api/business/catalog/feeds');
    expect(list.json<{ imports: { id: string }[] }>().imports.map((item) => item.id)).toContain(
      importId,
    );
  });

  it("turns away rows that link outside the shop's domains", async () => {
    const domain = `shop${newStamp()}.example.com`;
    const merchant = await signedInMerchant(domain);
    // Subdomains of the shop are its own; another site is not.
    const feed = rssFeed
      .toString()
      .replace('shop.example.com/products/breville', `www.${domain}/products/breville`)
      .replaceAll('shop.example.com', 'phishing.example.net');
    const { importId } = (
      await merchant.post('/api/business/catalog/feeds', uploadForm(feed))
    ).json<{ importId: string }>();
    const report = await waitForImport(merchant, importId);
    expect(report).toMatchObject({ status: 'completed', created: 1, rejected: 4 });
    const reasons = (report.rejections as { reasons: string[] }[]).flatMap((row) => row.reasons);
    expect(reasons).toContain(
      `link: must be on your shop's domain (${domain}), like the products it lists`,
    );
  });

  it('needs a merchant session, a file and a known import', async () => {
    const anonymous = browserSession(app);
    expect(
      (await anonymous.post('/api/business/catalog/feeds', uploadForm(rssFeed))).statusCode,
    ).toBe(401);
    const merchant = await signedInMerchant();
    const noFile = await merchant.post('/api/business/catalog/feeds', { feed: 'not a file' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json<{ error: string }>().error).toMatch(/^body\.url: /);
    const text = await merchant.post('/api/business/catalog/feeds', 'feed', {
      'content-type': 'text/plain',
    });
    expect(text.statusCode).toBe(415);
    const unknown = await merchant.get(
      '/api/business/catalog/feeds/00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.statusCode).toBe(404);
    const badId = await merchant.get('/api/business/catalog/feeds/not-an-id');
    expect(badId.statusCode).toBe(400);
  });

  it("does not show one merchant another merchant's imports", async () => {
    const first = await signedInMerchant();
    const { importId } = (
      await first.post('/api/business/catalog/feeds', uploadForm(rssFeed))
    ).json<{ importId: string }>();
    await waitForImport(first, importId);
    const second = await signedInMerchant();
    expect((await second.get(`/api/business/catalog/feeds/${importId}`)).statusCode).toBe(404);
  });

  it('fails a malformed upload cleanly', async () => {
    const merchant = await signedInMerchant();
    const { importId } = (
      await merchant.post('/api/business/catalog/feeds', uploadForm('<rss><channel><item>'))
    ).json<{ importId: string }>();
    const report = await waitForImport(merchant, importId);
    expect(report).toMatchObject({ status: 'failed', created: 0 });
    expect(String(report.error)).toMatch(/malformed/);
  });
});
