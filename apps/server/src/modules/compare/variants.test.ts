import { randomUUID } from 'node:crypto';
import type { CompareResponse } from '@ipick/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';

let testDb: TestDatabase;
let app: FastifyInstance;

const PASTED = 'Apple AirPods Max (Lightning) Wireless Over-Ear Headphones - Starlight';
/** Each shop's listing; none is linked to another in the catalog, so titles decide. */
const LISTINGS: Record<string, string> = {
  'pasted.example': PASTED,
  'same.example': 'Apple AirPods Max Lightning Wireless Over-Ear Headphones, Starlight',
  'usb-c.example': 'Apple AirPods Max (USB-C) Wireless Over-Ear Headphones - Starlight',
  'blue.example': 'Apple AirPods Max (Lightning) Wireless Over-Ear Headphones - Blue',
};

const TV_85 = 'TCL QM655R 85" QLED Google TV';
/** Issue 19's pairs: another size of the TV, and the very TV refurbished. */
const TVS: Record<string, { title: string; condition?: 'new' | 'refurbished' }> = {
  'tv-pasted.example': { title: TV_85 },
  'tv-43.example': { title: 'TCL QM655R 43" QLED Google TV' },
  'tv-same.example': { title: 'TCL QM655R 85 Inch QLED Google TV HDR Gaming Smart TV' },
  'tv-refurbished.example': { title: `${TV_85} - Refurbished`, condition: 'refurbished' },
};

/** One shop writes its titles in lower case; the brand is shown as the other spells it. */
const HEADSETS: Record<string, string> = {
  'headset-pasted.example': 'hyperx cloud stinger 3 s gaming headset - white',
  'headset-same.example': 'HyperX Cloud Stinger 3 S Gaming Headset, White',
};

/** A headset and its one-ear version: a hardware variant, not the same product. */
const JABRA: Record<string, string> = {
  'jabra-pasted.example': 'Jabra BIZ 2300 USB MS Duo Headset',
  'jabra-mono.example': 'Jabra BIZ 2300 USB MS Mono Headset',
};

const urlAt = (host: string) => `https://${host}/p/airpods-max`;

beforeAll(async () => {
  testDb = await createTestDatabase();
  const { db } = testDb.database;
  const listings = [
    ...Object.entries(LISTINGS).map(([host, title]) => ({ host, title, brand: 'Apple' })),
    ...Object.entries(TVS).map(([host, tv]) => ({ host, brand: 'TCL', ...tv })),
    ...Object.entries(HEADSETS).map(([host, title]) => ({ host, title, brand: 'HyperX' })),
    ...Object.entries(JABRA).map(([host, title]) => ({ host, title, brand: 'Jabra' })),
  ];
  for (const { host, title, brand, condition } of listings as {
    host: string;
    title: string;
    brand: string;
    condition?: 'new' | 'refurbished';
  }[]) {
    const retailerId = randomUUID();
    await db
      .insertInto('retailers')
      .values({ id: retailerId, key: host, display_name: host, hosts: [host] })
      .execute();
    // A shop whose feed was imported: its offers are listed to every shopper.
    await db
      .insertInto('feed_imports')
      .values({
        id: randomUUID(),
        retailer_id: retailerId,
        source: 'feed.xml',
        status: 'completed',
      })
      .execute();
    await db
      .insertInto('offers')
      .values({
        id: randomUUID(),
        retailer_id: retailerId,
        retailer_product_id: 'airpods-max',
        url: urlAt(host),
        title,
        brand,
        price_minor: host.includes('pasted') ? 54_900 : 45_000,
        currency: 'USD',
        condition: condition ?? 'new',
      })
      .execute();
  }
  app = await buildTestApp(testDb);
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

async function compareAt(host: string): Promise<CompareResponse> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/compare',
    payload: { url: urlAt(host), requestId: randomUUID() },
  });
  expect(response.statusCode).toBe(200);
  return response.json<CompareResponse>();
}

describe('hard conflicts in a comparison (issue 19)', () => {
  it('lists another size and a refurbished unit as similar, the difference first, whatever the score', async () => {
    const result = await compareAt('tv-pasted.example');
    // The other shop's 85" TV: the same product, or probably (the matcher's score decides).
    expect(result.sameProduct.map((offer) => offer.retailer)).toEqual(['tv-same.example']);
    expect(result.sameProduct[0]!.tier).not.toBe('similar');
    const alternatives = new Map(result.alternatives.map((offer) => [offer.retailer, offer]));
    const smaller = alternatives.get('tv-43.example')!;
    expect(smaller.tier).toBe('similar');
    expect(smaller.reasons[0]).toBe('Different size: 43-inch vs 85-inch');
    expect(smaller.reasons.join(' ')).not.toMatch(/similarity|\d\.\d\d/);
    const refurbished = alternatives.get('tv-refurbished.example')!;
    // Its title alone would make it the same product: only its condition keeps it apart.
    expect(refurbished.tier).toBe('similar');
    expect(refurbished.evidenceTier).not.toBe('similar');
    expect(refurbished.differences).toEqual([{ kind: 'condition', text: 'Refurbished, not new' }]);
  });
});

describe('variants in a comparison', () => {
  it('lists another colour or connector as an alternative, not as the same product', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/compare',
      payload: { url: urlAt('pasted.example'), requestId: randomUUID() },
    });
    expect(response.statusCode).toBe(200);
    const result = response.json<CompareResponse>();
    expect(result.product.title).toBe(PASTED);
    expect(result.sameProduct.map((offer) => offer.retailer)).toEqual(['same.example']);

    const alternatives = new Map(result.alternatives.map((offer) => [offer.retailer, offer]));
    expect(alternatives.get('usb-c.example')?.reasons[0]).toBe(
      'Different connector: USB-C vs Lightning',
    );
    expect(alternatives.get('blue.example')?.reasons[0]).toBe('Different color: Blue vs Starlight');
  });

  it('lists the mono version of a stereo headset as a variant, its difference first', async () => {
    const result = await compareAt('jabra-pasted.example');
    expect(result.sameProduct.map((offer) => offer.retailer)).not.toContain('jabra-mono.example');
    const mono = result.alternatives.find((offer) => offer.retailer === 'jabra-mono.example');
    expect(mono?.tier).toBe('similar');
    expect(mono?.differences).toEqual([
      { kind: 'variant', text: 'Different version: Mono vs Duo' },
    ]);
    expect(mono?.reasons[0]).toBe('Different version: Mono vs Duo');
  });
});

describe('reasons in a comparison', () => {
  it('names the brand as a shop writes it, not as the matcher folds it', async () => {
    const result = await compareAt('headset-pasted.example');
    const same = result.sameProduct.find((offer) => offer.retailer === 'headset-same.example');
    expect(same?.reasons).toContain('Same brand (HyperX)');
  });
});
