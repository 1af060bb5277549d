import { trigramSimilarity, trigramsOf } from '@ipick/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';

// Comparisons rank candidate titles in Node with packages/core's trigram similarity; it must give
// what the database's pg_trgm gives, or rankings would depend on where they were computed.
let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb?.dispose();
});

const pairs: [string, string][] = [
  ['Acme Kettle 1.7 l, Brushed Steel', 'ACME kettle 1.7L brushed-steel'],
  ['Sony KDL-40V5100 40" LCD TV', 'Sony Bravia KDL40V5100 LCD HDTV'],
  ['Motorola moto razr 2024 Unlocked 5G, 128GB, Black', 'OtterBox Case for Motorola razr 2024'],
  ['crème brûlée torch', 'creme brulee torch'],
  ['Ü-Bahn Ära 3-Pack', 'u bahn ara 3 pack'],
  ['usb_c cable', 'USB-C Cable'],
  ['a', 'b'],
  ['', 'kettle'],
];

describe('trigram similarity', () => {
  it.each(pairs)('gives what pg_trgm gives for %j and %j', async (a, b) => {
    const { rows } = await sql<{ similarity: number }>`
      select similarity(${a}, ${b}) as similarity`.execute(testDb.database.db);
    expect(trigramSimilarity(trigramsOf(a), trigramsOf(b))).toBeCloseTo(
      Number(rows[0]!.similarity),
      6,
    );
  });
});
