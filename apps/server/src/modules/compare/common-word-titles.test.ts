import { randomUUID } from 'node:crypto';
import { trigramSimilarity, trigramsOf } from '@ipick/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { CompareRepository } from './compare-repository.ts';

let testDb: TestDatabase;

/** More offers hold both words than any word set may bring (5,000), so neither word is rare. */
const COMMON_TITLES = 6_000;

beforeAll(async () => {
  testDb = await createTestDatabase();
  const { db } = testDb.database;
  const retailerId = randomUUID();
  await db
    .insertInto('retailers')
    .values({ id: retailerId, key: 'mice.example', display_name: 'Mice', hosts: ['mice.example'] })
    .execute();
  // A shop whose feed was imported: its offers are listed to every shopper.
  await db
    .insertInto('feed_imports')
    .values({ id: randomUUID(), retailer_id: retailerId, source: 'feed.xml', status: 'completed' })
    .execute();
  await sql`
    insert into offers (id, retailer_id, retailer_product_id, url, title)
    select gen_random_uuid(), ${retailerId}, 'm' || n, 'https://mice.example/p/' || n,
           'Wireless Mouse Model ' || n
    from generate_series(1, ${COMMON_TITLES}) as n`.execute(db);
  for (const title of ['Wireless Mouse', 'Wireless Mouses']) {
    await db
      .insertInto('offers')
      .values({
        id: randomUUID(),
        retailer_id: retailerId,
        retailer_product_id: title,
        url: `https://mice.example/p/${encodeURIComponent(title)}`,
        title,
      })
      .execute();
  }
});
afterAll(() => testDb?.dispose());

describe('the title search for a title of common words only', () => {
  it('finds offers holding all of its words, the most similar first', async () => {
    const pasted = 'Wireless Mouse';
    const offers = await new CompareRepository(testDb.database.db).offersWithSimilarTitles(pasted);
    // The offer titled exactly so is among thousands holding both words, and the best match.
    expect(offers[0]?.title).toBe('Wireless Mouse');
    // "Wireless Mouses" is more similar than most, but does not hold the word "mouse".
    for (const offer of offers) expect(offer.title).toMatch(/^Wireless Mouse\b/);
    const similarity = offers.map((offer) =>
      trigramSimilarity(trigramsOf(pasted), trigramsOf(offer.title)),
    );
    expect(similarity).toEqual([...similarity].sort((a, b) => b - a));
  });
});
