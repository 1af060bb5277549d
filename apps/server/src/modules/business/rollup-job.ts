import { DASHBOARD_MAX_RANGE_DAYS } from '@ipick/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../platform/db/schema.ts';
import { DashboardRepository, nextMonth } from './dashboard-repository.ts';
import { ROLLUP_GRACE_MS } from './dashboard-service.ts';

const DAY_MS = 86_400_000;
/** A dashboard compares a period with the one before it, so two of the longest reach back. */
const ROLLUP_REACH_DAYS = 2 * DASHBOARD_MAX_RANGE_DAYS;

export interface DashboardRollupJobOptions {
  db: Kysely<DatabaseSchema>;
  log: FastifyBaseLogger;
  /** First run after this long (the server has started by then), then every `intervalMs`. */
  delayMs?: number;
  intervalMs?: number;
  now?: () => Date;
}

/**
 * Rolls up merchants' closed days before their dashboards ask: a little after start, then
 * every hour, each business's closed days of the last two years that are not rolled up yet,
 * one calendar month at a time so the embedded database's single worker is never held long.
 * Without it a merchant's first year-long view would roll the year up while they wait.
 * Dashboards still roll up whatever is missing themselves.
 */
export function startDashboardRollups(options: DashboardRollupJobOptions) {
  const repository = new DashboardRepository(options.db);
  const now = options.now ?? (() => new Date());
  let isStopped = false;
  let running: Promise<void> | null = null;

  async function rollUpAll(): Promise<void> {
    const openFrom = new Date(now().getTime() - ROLLUP_GRACE_MS).toISOString().slice(0, 10);
    const start = new Date(now().getTime() - ROLLUP_REACH_DAYS * DAY_MS);
    const firstMonth = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), 1))
      .toISOString()
      .slice(0, 10);
    for (const businessId of await repository.businessesWithClicksSince(start)) {
      for (let month = firstMonth; month < openFrom; month = nextMonth(month)) {
        if (isStopped) return;
        const until = nextMonth(month) < openFrom ? nextMonth(month) : openFrom;
        await repository.ensureRollups(businessId, { from: month, until });
      }
    }
  }

  function run() {
    if (running || isStopped) return;
    running = rollUpAll()
      .catch((error: unknown) => options.log.error({ err: error }, 'dashboard roll-up failed'))
      .finally(() => (running = null));
  }

  const first = setTimeout(run, options.delayMs ?? 15_000);
  const every = setInterval(run, options.intervalMs ?? 60 * 60 * 1000);
  first.unref();
  every.unref();
  return {
    /** Runs once now (tests), or waits for the run under way. */
    runNow(): Promise<void> {
      run();
      return running ?? Promise.resolve();
    },
    async stop(): Promise<void> {
      isStopped = true;
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}
