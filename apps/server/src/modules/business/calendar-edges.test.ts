import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { buildMerchant, type Merchant } from '../tracking/tracking-test-kit.ts';

// Issue 20: dates at the edges of the calendar (the period before year 1, the day after
// 9999-12-31) answered 500. Reports take days from 2000-01-01 to 2100-12-31 and name the
// parameter otherwise.

let testDb: TestDatabase;
let app: FastifyInstance;
let merchant: Merchant;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildTestApp(testDb);
  merchant = await buildMerchant(app);
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

const reports = [
  '/api/business/dashboard/summary',
  '/api/business/dashboard/analytics',
  '/api/business/dashboard/analytics.csv',
  '/api/business/attribution',
];

describe('report periods at the edges of the calendar', () => {
  it.each(reports)('%s answers 400 naming the parameter', async (path) => {
    const cases = [
      ['to=9999-12-31', 'to'],
      ['from=0001-01-01', 'from'],
      ['from=0001-01-01&to=0001-01-07', 'from'],
      ['from=9999-12-25&to=9999-12-31', 'from'],
      ['to=2101-01-01', 'to'],
    ] as const;
    for (const [query, name] of cases) {
      const response = await merchant.browser.get(`${path}?${query}`);
      expect(response.statusCode, `${path}?${query}`).toBe(400);
      expect(response.json<{ error: string }>().error, query).toMatch(
        new RegExp(`^query\\.${name}: .*2000-01-01 to 2100-12-31`),
      );
    }
  });

  it('takes the first and last days of the range', async () => {
    for (const path of reports) {
      const first = await merchant.browser.get(`${path}?from=2000-01-01&to=2000-01-31`);
      expect(first.statusCode, `${path} ${first.body}`).toBe(200);
      const last = await merchant.browser.get(`${path}?from=2100-12-01&to=2100-12-31`);
      expect(last.statusCode, `${path} ${last.body}`).toBe(200);
    }
  });
});
