import cluster, { type Worker } from 'node:cluster';

export const MAX_WORKERS = 64;

/** `--workers N` from the start command's arguments: 1 (no cluster) unless given. */
export function parseWorkers(args: string[]): number | string {
  const index = args.findIndex((arg) => arg === '--workers' || arg.startsWith('--workers='));
  if (index === -1) return 1;
  const arg = args[index]!;
  const text = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[index + 1];
  const workers = Number(text);
  if (!Number.isInteger(workers) || workers < 1 || workers > MAX_WORKERS) {
    return `--workers: must be a whole number from 1 to ${MAX_WORKERS} (got ${JSON.stringify(text ?? '')})`;
  }
  return workers;
}

/** How long to wait before replacing a worker that died, after `failures` deaths in a row. */
export function restartDelayMs(failures: number): number {
  return Math.min(1000 * 2 ** Math.max(0, failures - 1), 30_000);
}

/**
 * Runs `count` server processes with Node's cluster module, sharing one port (the primary hands
 * out connections in turn). The first starts alone, so that migrations and first-start set-up
 * run once, and the others once it listens. If that first one dies before it listens, the
 * cause (a bad setting, a failed migration, no database) would kill every replacement too, so
 * the primary stops with the worker's exit code instead of restarting it forever. A worker that
 * dies later is replaced after 1 s, then 2, 4… up to 30 s while replacements keep dying before
 * they listen; its click journal folder is shipped by the others or by its replacement.
 * SIGTERM and SIGINT stop them all gracefully.
 */
export function runWorkers(count: number, log: (line: string) => void): Promise<void> {
  let isStopping = false;
  let hasListened = false;
  let failuresInARow = 0;

  return new Promise<void>((resolve) => {
    const startOne = () =>
      new Promise<boolean>((started) => {
        const worker: Worker = cluster.fork();
        let listening = false;
        worker.once('listening', () => {
          listening = hasListened = true;
          failuresInARow = 0;
          started(true);
        });
        worker.once('exit', (code, signal) => {
          started(listening);
          if (isStopping) return;
          if (!hasListened) {
            log(
              `worker ${worker.process.pid} stopped before it listened (${signal ?? code}); stopping`,
            );
            isStopping = true;
            process.exitCode = typeof code === 'number' && code !== 0 ? code : 1;
            if (Object.keys(cluster.workers ?? {}).length === 0) resolve();
            return;
          }
          failuresInARow = listening ? 1 : failuresInARow + 1;
          const delay = restartDelayMs(failuresInARow);
          log(
            `worker ${worker.process.pid} exited (${signal ?? code}); starting another in ${delay / 1000} s`,
          );
          setTimeout(() => {
            if (!isStopping) void startOne();
          }, delay).unref();
        });
      });

    const stop = (signal: NodeJS.Signals) => {
      if (isStopping) return;
      isStopping = true;
      log(`stopping ${Object.keys(cluster.workers ?? {}).length} workers (${signal})`);
      // Ctrl+C reaches the workers directly (one process group); a SIGTERM only this process.
      if (signal === 'SIGTERM') {
        for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
      }
    };
    process.on('SIGTERM', () => stop('SIGTERM'));
    process.on('SIGINT', () => stop('SIGINT'));
    cluster.on('exit', () => {
      if (isStopping && Object.keys(cluster.workers ?? {}).length === 0) resolve();
    });
    void (async () => {
      if (!(await startOne())) return;
      for (let i = 1; i < count && !isStopping; i++) void startOne();
      log(`ipick runs in ${count} processes`);
    })();
  });
}
