import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { testSettings } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';

// What scripts/prerender-web.ts leaves in the build: the landing page rendered into
// index.html, and a shell (header and skeleton) for every other page.
const page = (root: string) =>
  `<!doctype html><html><head><title>ipick</title><script type="module" src="/assets/index-abc.js"></script></head><body>${root}</body></html>`;
const landingHtml = page(
  '<div id="root" data-prerendered="landing"><header>ipick</header><main><h1>Compare prices before you buy</h1><form><input name="product-link"></form></main></div>',
);
const shellHtml = page(
  '<div id="root" data-prerendered="shell"><header>ipick</header><main><div role="status" aria-busy="true"></div></main></div>',
);

function writePage(root: string, name: string, html: string): void {
  writeFileSync(join(root, name), html);
  writeFileSync(join(root, `${name}.br`), brotliCompressSync(Buffer.from(html)));
  writeFileSync(join(root, `${name}.gz`), gzipSync(Buffer.from(html)));
}

describe('prerendered pages', () => {
  let testDb: TestDatabase;
  const apps: FastifyInstance[] = [];
  const roots: string[] = [];

  async function appServing(files: Record<string, string>): Promise<FastifyInstance> {
    const webRoot = mkdtempSync(join(tmpdir(), 'ipick-web-prerendered-'));
    roots.push(webRoot);
    for (const [name, html] of Object.entries(files)) writePage(webRoot, name, html);
    const app = await buildApp({
      config: testSettings(),
      database: testDb.database,
      migrationVersion: testDb.migrationVersion,
      webRoot,
    });
    apps.push(app);
    await app.ready();
    return app;
  }

  beforeAll(async () => {
    testDb = await createTestDatabase();
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await testDb?.dispose();
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  });

  it('sends the landing page with its heading already in the HTML for /', async () => {
    const app = await appServing({ 'index.html': landingHtml, 'shell.html': shellHtml });
    const answer = await app.inject({
      url: '/',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/html');
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['cache-control']).toBe('no-cache');
    // Scripts only from ipick's own origin: the prerendered page needs no inline script.
    expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
    const html = brotliDecompressSync(answer.rawPayload).toString();
    expect(html).toContain('<h1>Compare prices before you buy</h1>');
    expect(html).toContain('data-prerendered="landing"');
  });

  it('sends the shell, not the landing page, for every other page address', async () => {
    const app = await appServing({ 'index.html': landingHtml, 'shell.html': shellHtml });
    for (const url of ['/browse', '/search/abc/some-product', '/https://www.amazon.com/dp/B0']) {
      const answer = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['cache-control'], url).toBe('no-cache');
      expect(answer.body, url).toContain('data-prerendered="shell"');
      expect(answer.body, url).not.toContain('Compare prices before you buy');
    }
  });

  it("sends Browse's own shell (naming its code) where the build has it", async () => {
    const browseShell = shellHtml.replace(
      '</head>',
      '<link rel="modulepreload" href="/assets/browse-x.js"></head>',
    );
    const app = await appServing({
      'index.html': landingHtml,
      'shell.html': shellHtml,
      'shell-browse.html': browseShell,
    });
    const pageAt = async (url: string) =>
      (await app.inject({ url, headers: { accept: 'text/html' } })).body;
    expect(await pageAt('/browse')).toContain('/assets/browse-x.js');
    expect(await pageAt('/browse/headphones')).toContain('/assets/browse-x.js');
    expect(await pageAt('/new-search/abc/some-product')).not.toContain('modulepreload');
    const history = await pageAt('/history');
    expect(history).toContain('data-prerendered="shell"');
    expect(history).not.toContain('modulepreload');
  });

  it('falls back to index.html for page addresses when a build has no shell', async () => {
    const app = await appServing({ 'index.html': landingHtml });
    const answer = await app.inject({ url: '/browse', headers: { accept: 'text/html' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('data-prerendered="landing"');
  });

  it("sends Browse's categories inside its HTML, compressed, as the page reads them", async () => {
    const app = await appServing({ 'index.html': landingHtml, 'shell.html': shellHtml });
    const answer = await app.inject({
      url: '/browse',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/html');
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['cache-control']).toBe('no-cache');
    const html = brotliDecompressSync(answer.rawPayload).toString();
    expect(html).toContain('data-prerendered="shell"');
    const inline = /<script type="application\/json" id="ipick-page-data">([^<]*)<\/script>/.exec(
      html,
    );
    expect(inline).not.toBeNull();
    const categories = (await app.inject({ url: '/api/catalog/categories' })).json<unknown>();
    expect(JSON.parse(inline![1]!)).toEqual({ 'catalog/categories': categories });
  });

  it('still answers an unknown API path with a JSON 404', async () => {
    const app = await appServing({ 'index.html': landingHtml, 'shell.html': shellHtml });
    const answer = await app.inject({ url: '/api/nothing-here', headers: { accept: 'text/html' } });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ code: 'not_found' });
  });
});
