import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { buildMerchant } from '../tracking/tracking-test-kit.ts';
import { buildClick } from './dashboard-test-kit.ts';
import { startDashboardRollups } from './rollup-job.ts';

let testDb: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildTestApp(testDb);
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

const db = () => testDb.database.db;
const now = new Date('2025-06-15T12:00:00Z');

async function rolledDays(businessId: string): Promise<string[]> {
  const rows = await db()
    .selectFrom('dashboard_rollup_days')
    .select('day')
    .where('business_id', '=', businessId)
    .where('span', '=', 'day')
    .orderBy('day')
    .execute();
  return rows.map((row) => row.day.toISOString().slice(0, 10));
}

describe('the dashboard roll-up job', () => {
  it("rolls up merchants' closed days ahead of their dashboards, and only closed ones", async () => {
    const busy = await buildMerchant(app);
    const quiet = await buildMerchant(app);
    await buildClick(db(), busy.businessId, { at: '2025-05-20T10:00:00Z' });
    await buildClick(db(), busy.businessId, { at: '2025-06-15T11:30:00Z' });
    const job = startDashboardRollups({
      database: testDb.database,
      log: pino({ level: 'silent' }),
      now: () => now,
      delayMs: 60_000,
    });
    try {
      await job.runNow();
    } finally {
      await job.stop();
    }

    const days = await rolledDays(busy.businessId);
    // Every day of the last two years up to yesterday; today is still counted live.
    expect(days).toContain('2025-05-20');
    expect(days).toContain('2023-06-01');
    expect(days.at(-1)).toBe('2025-06-14');
    expect(days).not.toContain('2025-06-15');
    // A business without clicks has nothing to roll up.
    expect(await rolledDays(quiet.businessId)).toEqual([]);

    const [may] = await db()
      .selectFrom('dashboard_click_rollups')
      .select('clicks')
      .where('business_id', '=', busy.businessId)
      .where('dimension', '=', 'all')
      .where('span', '=', 'month')
      .where('day', '=', new Date('2025-05-01T00:00:00Z'))
      .execute();
    expect(may?.clicks).toBe(1);
  });
});
