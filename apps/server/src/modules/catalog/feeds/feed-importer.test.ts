import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test/test-database.ts';
import { CatalogRepository, type RetailerRecord } from '../catalog-repository.ts';
import { importFeed } from './feed-importer.ts';
import type { FeedFormat } from './feed-readers.ts';

const fixture = (name: string) =>
  fileURLToPath(new URL(`../../../../test/fixtures/feeds/${name}`, import.meta.url));

let testDb: TestDatabase;
let repository: CatalogRepository;
let retailer: RetailerRecord;
let hostCounter = 0;

beforeAll(async () => {
  testDb = await createTestDatabase();
  repository = new CatalogRepository(testDb.database.db);
});
afterAll(() => testDb?.dispose());
beforeEach(async () => {
  const host = `shop${++hostCounter}.example.com`;
  retailer = await repository.ensureRetailer({
    key: host,
    displayName: host,
    hosts: [host],
    affiliateParam: null,
  });
});

function run(
  name: string,
  format: FeedFormat,
  options: { isFullFeed?: boolean; input?: Readable } = {},
) {
  return importFeed({
    db: testDb.database.db,
    repository,
    retailer,
    input: options.input ?? createReadStream(fixture(name)),
    format,
    source: name,
    isFullFeed: options.isFullFeed ?? false,
    batchSize: 2,
  });
}

async function offersOf(retailerId: string) {
  const result = await sql<{
    retailer_product_id: string;
    price_minor: number;
    currency: string;
    availability: string;
    title: string;
    gtin: string | null;
    condition: string;
  }>`
    select retailer_product_id, price_minor, currency, availability, title, gtin, condition
    from offers where retailer_id = ${retailerId} order by retailer_product_id`.execute(
    testDb.database.db,
  );
  return result.rows;
}

async function observationCount(retailerId: string) {
  const result = await sql<{ n: number }>`
    select count(*) as n from price_observations p join offers o on o.id = p.offer_id
    where o.retailer_id = ${retailerId}`.execute(testDb.database.db);
  return result.rows[0]!.n;
}

describe('importing a Google Merchant Center feed', () => {
  it('stores good items in minor units and reports each rejected row with its reasons', async () => {
    const report = await run('rss-feed.xml', 'xml');
    expect(report).toMatchObject({
      status: 'completed',
      itemsSeen: 5,
      created: 3,
      rejected: 2,
      error: null,
    });
    expect(report.rejections).toEqual([
      { row: 3, id: 'KW-1003', reasons: ['price: missing'] },
      {
        row: 4,
        id: 'KW-1004',
        reasons: [
          'link: must be an http(s) address',
          'availability: unknown value "maybe"',
          'gtin: not a valid GTIN (1234567890123)',
        ],
      },
    ]);
    expect(await offersOf(retailer.id)).toEqual([
      expect.objectContaining({
        retailer_product_id: 'KW-1001',
        price_minor: 14995,
        currency: 'USD',
        availability: 'in_stock',
        gtin: '00021614062253',
      }),
      // The sale price is what shoppers pay; "1,199.00" is 119900 cents.
      expect.objectContaining({
        retailer_product_id: 'KW-1002',
        price_minor: 119900,
        availability: 'out_of_stock',
        condition: 'refurbished',
      }),
      expect.objectContaining({
        retailer_product_id: 'KW-1005',
        price_minor: 1250,
        availability: 'preorder',
      }),
    ]);
    const stored = await sql<{ status: string; items_rejected: number; rejections: unknown[] }>`
      select status, items_rejected, rejections from feed_imports where id = ${report.importId}`.execute(
      testDb.database.db,
    );
    expect(stored.rows[0]).toMatchObject({ status: 'completed', items_rejected: 2 });
    expect(stored.rows[0]!.rejections).toHaveLength(2);
  });

  it('changes nothing when the same feed comes again', async () => {
    await run('rss-feed.xml', 'xml');
    const before = await observationCount(retailer.id);
    const again = await run('rss-feed.xml', 'xml');
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
    expect(await observationCount(retailer.id)).toBe(before);
  });

  it('records a price change, and marks items a full feed leaves out as out of stock', async () => {
    await run('rss-feed.xml', 'xml');
    // A full feed with only KW-1001, now cheaper: KW-1005 (on preorder) is gone from the shop;
    // KW-1002 was out of stock already.
    const fullFeed = Readable.from([
      'id\ttitle\tlink\tprice\tavailability\n',
      'KW-1001\tBreville Smart Kettle 1.7L Brushed Steel BKE820\thttps://shop.example.com/products/breville-smart-kettle?utm_source=feed\t129.95 USD\tin stock\n',
    ]);
    const report = await run('full.tsv', 'tsv', { input: fullFeed, isFullFeed: true });
    expect(report).toMatchObject({
      status: 'completed',
      created: 0,
      updated: 1,
      markedOutOfStock: 1,
    });
    const offers = await offersOf(retailer.id);
    expect(offers.map((offer) => [offer.retailer_product_id, offer.availability])).toEqual([
      ['KW-1001', 'in_stock'],
      ['KW-1002', 'out_of_stock'],
      ['KW-1005', 'out_of_stock'],
    ]);
    const history = await sql<{ price_minor: number }>`
      select p.price_minor from price_observations p join offers o on o.id = p.offer_id
      where o.retailer_id = ${retailer.id} and o.retailer_product_id = 'KW-1001' order by p.observed_at`.execute(
      testDb.database.db,
    );
    expect(history.rows.map((row) => row.price_minor)).toEqual([14995, 12995]);
  });

  it('reads RSS, Atom, TSV and CSV feeds alike', async () => {
    for (const [name, format] of [
      ['atom-feed.xml', 'xml'],
      ['feed.tsv', 'tsv'],
      ['feed.csv', 'csv'],
    ] as const) {
      const report = await run(name, format);
      expect(report.status, name).toBe('completed');
      expect(report.itemsSeen, name).toBe(2);
    }
    const offers = await offersOf(retailer.id);
    expect(offers.map((offer) => offer.retailer_product_id)).toEqual(['KW-1001', 'KW-1005']);
    expect(offers[1]!.title).toBe('Loose Leaf Sencha, 100 g'); // the CSV import came last
  });

  it('decodes a feed in the encoding its XML declaration names', async () => {
    const report = await run('latin1-feed.xml', 'xml');
    expect(report.status).toBe('completed');
    const [offer] = await offersOf(retailer.id);
    expect(offer).toMatchObject({
      title: 'Cafetière à piston 1 L - Crème',
      price_minor: 2990,
      currency: 'EUR',
    });
  });

  it('fails a malformed feed with a clear error and leaves the catalog as it was', async () => {
    await run('rss-feed.xml', 'xml');
    const before = await offersOf(retailer.id);
    const report = await run('broken.xml', 'xml', { isFullFeed: true });
    expect(report.status).toBe('failed');
    expect(report.error).toMatch(/The XML feed is malformed/);
    expect(await offersOf(retailer.id)).toEqual(before);
  });
});
