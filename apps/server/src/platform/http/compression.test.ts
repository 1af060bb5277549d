import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { testSettings } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';

/** Some script text, long enough that compressing it pays (several KB, repetitive). */
const script = Array.from(
  { length: 200 },
  (_, index) => `export const price${index} = formatMoney(${index * 100}, 'USD');`,
).join('\n');
const indexHtml = `<!doctype html><html><head><title>ipick</title>${'<meta name="x" content="y">'.repeat(60)}</head><body><div id="root"></div></body></html>`;

// The build's compressed copies, as vite-plugin-compression2 writes them beside each file;
// a copy compressed by the server on the fly would not be byte for byte the same.
const builtBrotli = brotliCompressSync(Buffer.from(script));
const builtGzip = gzipSync(Buffer.from(script), { level: 9 });

describe('compression', () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let webRoot: string;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    webRoot = mkdtempSync(join(tmpdir(), 'ipick-web-compressed-'));
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(join(webRoot, 'assets', 'page-abc123.js'), script);
    writeFileSync(join(webRoot, 'assets', 'page-abc123.js.br'), builtBrotli);
    writeFileSync(join(webRoot, 'assets', 'page-abc123.js.gz'), builtGzip);
    writeFileSync(join(webRoot, 'index.html'), indexHtml);
    writeFileSync(join(webRoot, 'index.html.br'), brotliCompressSync(Buffer.from(indexHtml)));
    writeFileSync(join(webRoot, 'index.html.gz'), gzipSync(Buffer.from(indexHtml)));
    app = await buildApp({
      config: testSettings(),
      database: testDb.database,
      migrationVersion: testDb.migrationVersion,
      webRoot,
    });
    // A JSON answer of a few KB, as a product list or a comparison is.
    app.get('/api/test/offers', async () => ({
      offers: Array.from({ length: 100 }, (_, index) => ({ id: index, title: `Offer ${index}` })),
    }));
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.dispose();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('sends an asset as the build compressed it with brotli to a client that accepts br', async () => {
    const answer = await app.inject({
      url: '/assets/page-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toContain('javascript');
    expect(answer.headers.vary).toContain('accept-encoding');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The build's bytes, unchanged: nothing was compressed for this request.
    expect(answer.rawPayload.equals(builtBrotli)).toBe(true);
    expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip copy to a client that accepts only gzip', async () => {
    const answer = await app.inject({
      url: '/assets/page-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['cache-control']).toContain('immutable');
    expect(answer.rawPayload.equals(builtGzip)).toBe(true);
    expect(gunzipSync(answer.rawPayload).toString()).toBe(script);
  });

  it('sends the file itself to a client that accepts no compression', async () => {
    const answer = await app.inject({ url: '/assets/page-abc123.js' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body).toBe(script);
  });

  it('compresses the page shell sent for a page address, and keeps it revalidated', async () => {
    // Favourites: a page whose shell carries no page data (Browse's holds its categories).
    const answer = await app.inject({
      url: '/favorites',
      headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(indexHtml);
  });

  it('compresses a JSON answer: brotli when accepted, gzip otherwise', async () => {
    const expected = await app.inject({ url: '/api/test/offers' });
    expect(expected.headers['content-encoding']).toBeUndefined();

    const brotli = await app.inject({
      url: '/api/test/offers',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('application/json');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(expected.body);
    expect(brotli.rawPayload.length).toBeLessThan(expected.rawPayload.length / 3);

    const gzip = await app.inject({
      url: '/api/test/offers',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(expected.body);
  });

  it('leaves the outbound redirect as it is', async () => {
    const answer = await app.inject({
      url: `/api/redirect?to=${encodeURIComponent('https://www.amazon.com/dp/B000000001')}`,
      headers: { 'accept-encoding': 'br, gzip', accept: 'text/html' },
    });
    expect(answer.statusCode).toBe(302);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers.vary ?? '').not.toContain('accept-encoding');
  });
});
