import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CompareResponse } from '@ipick/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPageRenderer } from '../../../../../scripts/build-page-renderer.ts';
import {
  startFixtureHttpServer,
  type FixtureHttpServer,
} from '../../../test/fixture-http-server.ts';
import { buildTestApp } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { loadDemoCatalog } from '../../modules/demo/catalog-loader.ts';

// The pages the build leaves for the server (scripts/prerender-web.ts), reduced to what the
// server writes into: the landing page, the shell, and the empty pages it renders into.
const page = (root: string) =>
  `<!doctype html><html><head><title>ipick</title><script type="module" src="/assets/index-abc.js"></script></head><body>${root}</body></html>`;

/** The page data the server sent inside the page, as the web app reads it. */
function pageDataOf(html: string): Record<string, unknown> | undefined {
  const element = /<script type="application\/json" id="ipick-page-data">([^<]*)<\/script>/.exec(
    html,
  );
  return element ? (JSON.parse(element[1]!) as Record<string, unknown>) : undefined;
}

const HOSTILE_TITLE = 'Kettle </script><script>alert(1)</script><!-- & more';

describe('pages rendered on the server with their data', () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let webRoot: string;
  let slowShop: FixtureHttpServer;
  let pastedUrl: string;
  let otherTitles: string[];

  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'ipick-web-rendered-'));
    // The real renderer of the web app's pages, as `npm run build` makes it.
    await buildPageRenderer(webRoot);
    writeFileSync(
      join(webRoot, 'index.html'),
      page('<div id="root" data-prerendered="landing"></div>'),
    );
    writeFileSync(
      join(webRoot, 'shell.html'),
      page('<div id="root" data-prerendered="shell"></div>'),
    );
    mkdirSync(join(webRoot, 'server'), { recursive: true });
    for (const name of ['page-browse.html', 'page-new-search.html']) {
      writeFileSync(join(webRoot, 'server', name), page('<div id="root"></div>'));
    }
    testDb = await createTestDatabase();
    await loadDemoCatalog(testDb.database.db, { seed: 7, products: 60 });
    // A product sold at three retailers or more; its first listing's title is hostile markup.
    const { rows } = await sql<{ url: string; product_id: string }>`
      select o.url, o.product_id from offers o
      where o.product_id in (
        select product_id from offers where price_minor is not null
        group by product_id having count(distinct retailer_id) >= 3)
      order by o.price_minor desc limit 1`.execute(testDb.database.db);
    pastedUrl = rows[0]!.url;
    await sql`update offers set title = ${HOSTILE_TITLE} where url = ${pastedUrl}`.execute(
      testDb.database.db,
    );
    const others = await sql<{ title: string }>`
      select title from offers where product_id = ${rows[0]!.product_id} and url <> ${pastedUrl}`.execute(
      testDb.database.db,
    );
    otherTitles = others.rows.map((row) => row.title);
    // A shop whose product page never answers: its comparison outlasts the page's wait.
    slowShop = await startFixtureHttpServer({ '/p/never': () => new Promise<void>(() => {}) });
    app = await buildTestApp(testDb, { fetchAllowPrivate: true }, { webRoot });
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await slowShop?.close();
    await testDb?.dispose();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const getPage = (url: string) => app.inject({ url, headers: { accept: 'text/html' } });

  it('sends Browse with its categories drawn in the HTML and their data for hydration', async () => {
    const answer = await getPage('/browse');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/html');
    const html = answer.body;
    expect(html).toContain('<div id="root" data-prerendered="page">');
    const categories = (await app.inject({ url: '/api/catalog/categories' })).json<{
      categories: { slug: string; productCount: number }[];
    }>();
    expect(pageDataOf(html)).toEqual({ 'catalog/categories': categories });
    const list = /<ul aria-label="Categories"[^>]*>(.*?)<\/ul>/s.exec(html);
    expect(list).not.toBeNull();
    for (const category of categories.categories.filter((entry) => entry.productCount > 0)) {
      expect(list![1]).toContain(`href="/browse/${category.slug}"`);
    }
    // No inline script: the CSP allows none, and the page needs none.
    expect(html).not.toMatch(/<script>/);
  });

  it("sends a product link's results page with the comparison's offers in the HTML", async () => {
    const answer = await getPage(`/${pastedUrl}`);
    expect(answer.statusCode).toBe(200);
    const html = answer.body;
    expect(html).toContain('<div id="root" data-prerendered="page">');
    const data = pageDataOf(html)!;
    const request = data['product-request'] as { requestId: string; url: string; path: string };
    expect(request.url).toBe(pastedUrl);
    expect(request.path).toMatch(new RegExp(`^/new-search/${request.requestId}/[a-z0-9-]+$`));
    // The same comparison the browser would have asked for, saved under the page's request id.
    const result = data[`compare/${request.requestId}`] as CompareResponse;
    const saved = await app.inject({ url: `/api/compare/${request.requestId}` });
    expect(saved.json()).toEqual(result);
    expect(result.sameProduct.length).toBeGreaterThan(0);
    // Its offers are drawn, each linking out through ipick's redirect.
    for (const offer of result.sameProduct) {
      expect(html).toContain(`href="/api/redirect?offer=${offer.offerId}`);
    }
    for (const title of otherTitles) expect(html).toContain(title.replaceAll('&', '&amp;'));
    expect(html).not.toMatch(/<script>/);
  });

  it('escapes hostile values so that they cannot end the data element or open markup', async () => {
    const html = (await getPage(`/${pastedUrl}`)).body;
    // The pasted listing's title, markup and all, reads back whole from the page's data...
    const data = pageDataOf(html)!;
    const request = data['product-request'] as { requestId: string };
    expect((data[`compare/${request.requestId}`] as CompareResponse).product.title).toBe(
      HOSTILE_TITLE,
    );
    // ...and appears nowhere as markup: not in the data element, not in the drawn page.
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).not.toContain('<!-- & more');
    expect(html).toContain('Kettle &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('sends the shell, for the browser to compare, when the comparison outlasts its bound', async () => {
    const started = Date.now();
    const answer = await getPage(`/${slowShop.url('/p/never')}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('data-prerendered="shell"');
    // Nothing the browser would take over as its request: it opens its own, as without this.
    expect(pageDataOf(answer.body)).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('compares for one address only as often as POST /api/compare would, then sends the shell', async () => {
    const rendered: boolean[] = [];
    for (let index = 0; index < 35; index++) {
      rendered.push((await getPage(`/${pastedUrl}`)).body.includes('data-prerendered="page"'));
    }
    // The earlier tests' pages count too: within the minute, the limit is reached by the 31st.
    expect(rendered.slice(-5)).toEqual([false, false, false, false, false]);
    expect(rendered[0]).toBe(true);
  });

  it('sends the shell for a product link that is not a valid link', async () => {
    const answer = await getPage('/https://');
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('data-prerendered="shell"');
    expect(pageDataOf(answer.body)).toBeUndefined();
  });
});
