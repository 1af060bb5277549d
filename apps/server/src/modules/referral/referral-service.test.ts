import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { ReferralRepository } from './referral-repository.ts';
import { ReferralService } from './referral-service.ts';
import { readVisitor } from './visitor.ts';

let testDb: TestDatabase;
let clock = new Date('2026-03-01T10:00:00Z');
let service: ReferralService;

beforeAll(async () => {
  testDb = await createTestDatabase();
  service = new ReferralService(new ReferralRepository(testDb.database.db), {
    now: () => clock,
  });
});
afterAll(async () => {
  await service?.close();
  await testDb?.dispose();
});

const visitor = readVisitor({
  method: 'GET',
  ip: '198.51.100.7',
  headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0' },
});

/** Follows one click at `at` and returns the identity hash its ledger row got. */
async function hashOfClickAt(at: string): Promise<string | null> {
  clock = new Date(at);
  const sessionId = `s-${at}`;
  const result = await service.follow(
    { to: 'https://www.amazon.com/dp/B08P2HBBLX', session_id: sessionId },
    visitor,
    null,
  );
  expect(result.recordError).toBeNull();
  const row = await testDb.database.db
    .selectFrom('clicks')
    .select('identity_hash')
    .where('session_id', '=', sessionId)
    .executeTakeFirstOrThrow();
  return row.identity_hash;
}

describe('the visitor hash of a click', () => {
  it('is the same within a UTC day, differs on the next, and old salts are deleted', async () => {
    const morning = await hashOfClickAt('2026-03-01T00:00:01Z');
    const evening = await hashOfClickAt('2026-03-01T23:59:59Z');
    const nextDay = await hashOfClickAt('2026-03-02T00:00:00Z');
    expect(morning).toMatch(/^[0-9a-f]{64}$/);
    expect(evening).toBe(morning);
    expect(nextDay).not.toBe(morning);

    await hashOfClickAt('2026-03-04T08:00:00Z');
    const days = await testDb.database.db
      .selectFrom('click_salts')
      .select(sql<string>`day::text`.as('day'))
      .orderBy('day')
      .execute();
    // Salts from before the day before are deleted: 1 and 2 March's hashes cannot be remade.
    expect(days.map((row) => row.day)).toEqual(['2026-03-04']);
  });
});

describe('the id of a click', () => {
  it('sorts in the order the clicks happened, so the ledger key grows at its end', async () => {
    const sessions = ['order-1', 'order-2', 'order-3', 'order-4', 'order-5', 'order-6'];
    for (const sessionId of sessions) {
      clock = new Date(clock.getTime() + 1);
      await service.follow(
        { to: 'https://www.amazon.com/dp/B08P2HBBLX', session_id: sessionId },
        visitor,
        null,
      );
    }
    const rows = await testDb.database.db
      .selectFrom('clicks')
      .select('session_id')
      .where('session_id', 'in', sessions)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.session_id)).toEqual(sessions);
  });
});
