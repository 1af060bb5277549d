import { DASHBOARD_MAX_RANGE_DAYS } from '@ipick/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db/database.ts';
import { runPeriodicJob } from '../../platform/db/exclusive-jobs.ts';
import { DashboardRepository, nextMonth } from './dashboard-repository.ts';
import { ROLLUP_GRACE_MS } from './dashboard-service.ts';

const DAY_MS = 86_400_000;
/** A dashboard compares a period with the one before it, so two of the longest reach back. */
const ROLLUP_REACH_DAYS = 2 * DASHBOARD_MAX_RANGE_DAYS;

/** Names the job's lock and its record of runs (platform/db/exclusive-jobs.ts). */
export const DASHBOARD_ROLLUP_JOB = 'dashboard-rollups';

export interface DashboardRollupJobOptions {
  database: Database;
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
 * Dashboards still roll up whatever is missing themselves. Of several processes on one
 * database, one runs it each hour (under an advisory lock); the others skip their turn.
 */
export function startDashboardRollups(options: DashboardRollupJobOptions) {
  const repository = new DashboardRepository(options.database.db);
  const now = options.now ?? (() => new Date());
  const intervalMs = options.intervalMs ?? 60 * 60 * 1000;
  let isStopped = false;
  let running: Promise<void> | null = null;

  async function rollUpAll(): Promise<void> {
    const startedAt = Date.now();
    let businesses = 0;
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
      businesses += 1;
    }
    options.log.info(
      { businesses, ms: Date.now() - startedAt },
      'dashboard roll-up done: closed days of every business with clicks',
    );
  }

  function run() {
    if (running || isStopped) return;
    running = runPeriodicJob(
      options.database,
      { name: DASHBOARD_ROLLUP_JOB, everyMs: intervalMs, now },
      rollUpAll,
    )
      .then((ran) => {
        if (!ran) options.log.debug('dashboard roll-up skipped: another process has run it');
      })
      .catch((error: unknown) => options.log.error({ err: error }, 'dashboard roll-up failed'))
      .finally(() => (running = null));
  }

  const first = setTimeout(run, options.delayMs ?? 15_000);
  const every = setInterval(run, intervalMs);
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
