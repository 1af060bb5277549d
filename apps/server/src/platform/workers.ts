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

/**
 * Runs `count` server processes with Node's cluster module, sharing one port (the primary hands
 * out connections in turn). The first starts alone, so that migrations and first-start set-up
 * run once, and the others once it listens. A worker that dies is replaced a second later; its
 * click journal folder is shipped by the others or by its replacement. SIGTERM and SIGINT stop
 * them all gracefully.
 */
export function runWorkers(count: number, log: (line: string) => void): Promise<void> {
  let isStopping = false;
  const startOne = () =>
    new Promise<Worker>((resolve) => {
      const worker = cluster.fork();
      worker.once('listening', () => resolve(worker));
      worker.once('exit', (code, signal) => {
        resolve(worker);
        if (isStopping) return;
        log(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
        setTimeout(() => void startOne(), 1000).unref();
      });
    });

  return new Promise<void>((resolve) => {
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
      await startOne();
      for (let i = 1; i < count && !isStopping; i++) void startOne();
      log(`ipick runs in ${count} processes`);
    })();
  });
}
