import { hostname } from 'node:os';
import { processStart } from '../../../platform/db/data-dir-lock.ts';

/**
 * Which process runs an import: `<host> <pid> <start>`, the start time as the data-directory
 * lock records it. A pid alone could belong to another process after a restart.
 */
export function thisRunner(): string {
  return runnerOf(process.pid);
}

function runnerOf(pid: number): string {
  return `${hostname()} ${pid} ${processStart(pid) ?? ''}`.trim();
}

/**
 * Whether the process that ran an import on this host has gone. An import run by another host
 * is that host's to judge (null); an import recorded before runners were (no runner) has no
 * process that could still be running it after a restart.
 */
export function isRunnerGone(runner: string | null): boolean | null {
  if (runner === null) return true;
  const [host, pidText, started] = runner.split(' ');
  if (host !== hostname()) return null;
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return true;
  if (pid === process.pid && started === (processStart(pid) ?? undefined)) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return true;
  }
  // A process of that pid runs; it is the runner only if it started when the runner did.
  return started !== undefined && processStart(pid) !== started;
}
