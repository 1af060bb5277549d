import { randomInt } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppSettings } from '../../app.ts';
import { testSettings } from '../../../test/test-app.ts';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../test/test-database.ts';
import type { GuessLimits } from './guess-limits.ts';

/**
 * Several ipick processes on one PostgreSQL database, or behind one Redis, enforce one limit:
 * two apps here stand for two processes, each with its own memory.
 */
const limits: GuessLimits = {
  address: { max: 6, windowMs: 3_600_000 },
  pair: { max: 3, windowMs: 900_000 },
  account: { max: 4, windowMs: 3_600_000 },
};

const redisUrl = process.env.IPICK_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function isReachable(url: string): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

const hasRedis = await isReachable(redisUrl);
if (!hasRedis) {
  console.warn(
    `notice: Redis is not reachable at ${redisUrl}; the tests of limits kept in Redis are skipped.`,
  );
}

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb?.dispose();
});

async function buildProcess(overrides: Partial<AppSettings> = {}): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testSettings(overrides),
    database: testDb.database,
    migrationVersion: testDb.migrationVersion,
    limits: { guesses: limits },
  });
  await app.ready();
  return app;
}

const password = 'the right long password';
let counter = 0;
const newEmail = () => `shared${++counter}-${Date.now()}@example.com`;
// Redis outlives a test run: random addresses keep this run's counters apart from earlier runs'.
const run = `10.${randomInt(256)}.${randomInt(256)}`;
let addressCounter = 0;
const newAddress = () => `${run}.${++addressCounter}`;

function post(app: FastifyInstance, url: string, body: object, address: string) {
  return app.inject({
    method: 'POST',
    url,
    payload: body,
    remoteAddress: address,
    headers: { origin: 'http://localhost:3000', host: 'localhost:3000' },
  });
}

function expectRefused(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(429);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

/** The checks both shared stores must pass, on two apps standing for two processes. */
function sharesLimitsBetweenProcesses(overrides: () => Partial<AppSettings>) {
  let first: FastifyInstance;
  let second: FastifyInstance;
  beforeAll(async () => {
    first = await buildProcess(overrides());
    second = await buildProcess(overrides());
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  async function registered(): Promise<string> {
    const email = newEmail();
    const response = await post(first, '/api/auth/register', { email, password }, newAddress());
    expect(response.statusCode).toBe(200);
    return email;
  }

  it('refuses on one process the guesses counted on the other', async () => {
    const email = await registered();
    const attacker = newAddress();
    for (let i = 0; i < limits.pair.max; i++) {
      const app = i % 2 === 0 ? first : second;
      const response = await post(app, '/api/auth/login', { email, password: `no ${i}` }, attacker);
      expect(response.statusCode).toBe(401);
    }
    expectRefused(await post(first, '/api/auth/login', { email, password }, attacker));
    expectRefused(await post(second, '/api/auth/login', { email, password }, attacker));
  });

  it('adds up one account guessed at through both, and still lets its owner in', async () => {
    const email = await registered();
    const attackers = [newAddress(), newAddress(), newAddress(), newAddress()];
    for (const [i, attacker] of attackers.entries()) {
      const app = i % 2 === 0 ? first : second;
      const response = await post(app, '/api/auth/login', { email, password: 'guess' }, attacker);
      expect(response.statusCode).toBe(401);
    }
    expectRefused(await post(second, '/api/auth/login', { email, password }, attackers[0]!));
    const owner = await post(second, '/api/auth/login', { email, password }, newAddress());
    expect(owner.statusCode).toBe(200);
  });

  it('lets a burst sent at once through both only up to the limit', async () => {
    const email = await registered();
    const attacker = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(
          i % 2 === 0 ? first : second,
          '/api/auth/login',
          { email, password: `b${i}` },
          attacker,
        ),
      ),
    );
    const failed = answers.filter((response) => response.statusCode === 401);
    const refused = answers.filter((response) => response.statusCode === 429);
    expect(failed).toHaveLength(limits.pair.max);
    expect(refused).toHaveLength(10 - limits.pair.max);
  });

  it('shares the request limits of routes too (password reset emails)', async () => {
    const address = newAddress();
    const email = newEmail();
    for (let i = 0; i < 5; i++) {
      const app = i % 2 === 0 ? first : second;
      const response = await post(app, '/api/auth/forgot-password', { email }, address);
      expect(response.statusCode).toBe(200);
    }
    expectRefused(await post(second, '/api/auth/forgot-password', { email }, address));
  });
}

describe.skipIf(testDatabaseKind() !== 'postgres')(
  'two processes on one PostgreSQL database',
  () => {
    sharesLimitsBetweenProcesses(() => ({}));
  },
);

describe.skipIf(!hasRedis)('two processes behind one Redis (REDIS_URL)', () => {
  sharesLimitsBetweenProcesses(() => ({ redisUrl }));
});
