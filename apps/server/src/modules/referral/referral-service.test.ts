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

describe('clicks a browser made that must not count', () => {
  let throttled: ReferralService;
  let now = new Date('2026-03-05T10:00:00Z').getTime();
  beforeAll(() => {
    throttled = new ReferralService(new ReferralRepository(testDb.database.db), {
      now: () => new Date(now),
      throttle: { maxPerAddress: 5, windowMs: 60_000, repeatWithinMs: 5_000 },
    });
  });
  afterAll(() => throttled?.close());

  const visitorAt = (ip: string, userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0') =>
    readVisitor({ method: 'GET', ip, headers: { 'user-agent': userAgent } });

  /** Follows `to` at `at` ms after the start and returns the flag its click got. */
  async function click(to: string, who: ReturnType<typeof readVisitor>, at: number) {
    now = new Date('2026-03-05T10:00:00Z').getTime() + at;
    const sessionId = `throttle-${String(at)}-${who.ip}-${to}`;
    const result = await throttled.follow({ to, session_id: sessionId }, who, null);
    expect(result).toMatchObject({ isTrusted: true, recordError: null });
    expect(result.location).toContain(new URL(to).pathname);
    const row = await testDb.database.db
      .selectFrom('clicks')
      .select(['is_bot', 'bot_reason'])
      .where('session_id', '=', sessionId)
      .executeTakeFirstOrThrow();
    return row.bot_reason ?? (row.is_bot ? 'bot' : 'person');
  }

  it('flags the same link followed again by the same visitor within seconds as a repeat', async () => {
    const link = 'https://www.amazon.com/dp/B0REPEAT01';
    const other = 'https://www.amazon.com/dp/B0REPEAT02';
    expect(await click(link, visitorAt('198.51.100.20'), 0)).toBe('person');
    expect(await click(link, visitorAt('198.51.100.20'), 1_000)).toBe('repeat');
    expect(await click(other, visitorAt('198.51.100.20'), 1_500)).toBe('person');
    // Another browser on the same address, and another address, are other visitors.
    expect(await click(link, visitorAt('198.51.100.20', 'Mozilla/5.0 Chrome/124.0'), 2_000)).toBe(
      'person',
    );
    expect(await click(link, visitorAt('198.51.100.21'), 2_000)).toBe('person');
    // Seconds later it is a visit again (the repeat at 1 s moved the last click on).
    expect(await click(link, visitorAt('198.51.100.20'), 6_500)).toBe('person');
  });

  it('still redirects an address above its rate, flagging its clicks with the reason rate', async () => {
    const crawler = visitorAt('203.0.113.50');
    const link = (n: number) => `https://www.amazon.com/dp/B0RATE00${String(n)}`;
    for (const n of [1, 2, 3, 4, 5])
      expect(await click(link(n), crawler, 100_000 + n)).toBe('person');
    expect(await click(link(6), crawler, 100_006)).toBe('rate');
    expect(await click(link(7), visitorAt('203.0.113.51'), 100_007)).toBe('person');
    // A new window counts afresh.
    expect(await click(link(8), crawler, 160_001)).toBe('person');
  });
});
