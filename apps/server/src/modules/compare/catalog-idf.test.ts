import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { CATALOG_IDF_MIN_TITLES, CompareRepository } from './compare-repository.ts';

let testDb: TestDatabase;
let retailerId: string;

async function addOffers(from: number, to: number): Promise<void> {
  // Every title says "wireless mouse"; one in ten is a Logitech, the model number is its own.
  await sql`
    insert into offers (id, retailer_id, retailer_product_id, url, title)
    select gen_random_uuid(), ${retailerId}, 'm' || n, 'https://mice.example/p/' || n,
           case when n % 10 = 0 then 'Logitech' else 'Acme' end || ' Wireless Mouse M' || n
    from generate_series(${from}::int, ${to}::int) as n`.execute(testDb.database.db);
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  retailerId = randomUUID();
  const { db } = testDb.database;
  await db
    .insertInto('retailers')
    .values({ id: retailerId, key: 'mice.example', display_name: 'Mice', hosts: ['mice.example'] })
    .execute();
  await db
    .insertInto('feed_imports')
    .values({ id: randomUUID(), retailer_id: retailerId, source: 'feed.xml', status: 'completed' })
    .execute();
});
afterAll(() => testDb?.dispose());

describe("the matcher's token rarity from the catalog", () => {
  it('is left to the trained table while the catalog is too small to tell', async () => {
    await addOffers(1, CATALOG_IDF_MIN_TITLES - 1);
    expect(await new CompareRepository(testDb.database.db).catalogIdf()).toBeNull();
  });

  it("counts in how many of the catalog's titles each word is", async () => {
    await addOffers(CATALOG_IDF_MIN_TITLES, 2_000);
    const idf = await new CompareRepository(testDb.database.db).catalogIdf();
    // A small table is sampled whole.
    expect(idf?.documents).toBe(2_000);
    expect(idf?.df['mouse']).toBe(2_000);
    expect(idf?.df['logitech']).toBe(200);
    // A model number of one offer is not listed: it weighs as the rarest word.
    expect(idf?.df['m1234']).toBeUndefined();
  });
});
