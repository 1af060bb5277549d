import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import {
  MemoryGuessCounters,
  PostgresGuessCounters,
  RedisGuessCounters,
  type GuessCounters,
} from './guess-counters.ts';

const redisUrl = process.env.IPICK_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function connectRedis(url: string): Promise<Redis | null> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return redis;
  } catch {
    redis.disconnect();
    console.warn(`notice: Redis is not reachable at ${url}; its guess counters are not tested.`);
    return null;
  }
}

const redis = await connectRedis(redisUrl);
let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb?.dispose();
  redis?.disconnect();
});

const HOUR_MS = 3_600_000;
// Redis outlives a run: each test's keys are new.
const newKey = () => `test:${randomUUID()}`;

function behavesAsAtomicCounters(counters: () => GuessCounters) {
  it('gives each of a burst of simultaneous guesses its own count', async () => {
    const store = counters();
    const key = newKey();
    const states = await Promise.all(Array.from({ length: 40 }, () => store.add(key, HOUR_MS)));
    const counts = states.map((state) => state.count).sort((a, b) => a - b);
    expect(counts).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    for (const state of states) {
      expect(state.ttlMs).toBeGreaterThan(0);
      expect(state.ttlMs).toBeLessThanOrEqual(HOUR_MS);
    }
  });

  it('takes back a slot, never below zero, and keeps keys apart', async () => {
    const store = counters();
    const key = newKey();
    const other = newKey();
    await store.add(key, HOUR_MS);
    await store.add(key, HOUR_MS);
    await store.add(other, HOUR_MS);
    await Promise.all([store.remove(key), store.remove(key), store.remove(key)]);
    expect((await store.add(key, HOUR_MS)).count).toBe(1);
    expect((await store.add(other, HOUR_MS)).count).toBe(2);
    await store.remove(newKey());
    expect((await store.add(newKey(), HOUR_MS)).count).toBe(1);
  });
}

describe('in memory (one process, PGlite)', () => {
  const store = new MemoryGuessCounters();
  behavesAsAtomicCounters(() => store);
});

describe('in the database (rate_limit_counters, on PGlite or PostgreSQL)', () => {
  behavesAsAtomicCounters(() => new PostgresGuessCounters(testDb.database.db));
});

describe.skipIf(!redis)('in Redis', () => {
  behavesAsAtomicCounters(() => new RedisGuessCounters(redis!, 'ipick-test:'));
});
