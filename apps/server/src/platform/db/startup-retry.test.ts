import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startTcpProxy } from '../../../test/tcp-proxy.ts';
import { DatabaseUnreachableError, openDatabase } from './database.ts';

// Issue 20: start-up against a PostgreSQL it cannot reach says which DATABASE_URL host and port
// it tried (never the password), and keeps trying, with backoff, for a configured time.

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('opening PostgreSQL at start-up', () => {
  it('names the host and port of DATABASE_URL, not the password, after retrying', async () => {
    const port = await closedPort();
    const retries: string[] = [];
    const opening = openDatabase({
      kind: 'postgres',
      url: `postgres://ipick:very-secret-pw@127.0.0.1:${port}/shop`,
      startupRetryMs: 1_200,
      onStartupRetry: (message) => retries.push(message),
    });
    const error = await opening.then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DatabaseUnreachableError);
    const message = (error as Error).message;
    expect(message).toContain(`Cannot reach PostgreSQL at 127.0.0.1:${port}/shop (DATABASE_URL)`);
    expect(message).toContain('ECONNREFUSED');
    expect(message).not.toContain('very-secret-pw');
    // Tried again (after 0.5 s, then 1 s) before giving up, each attempt told.
    expect(retries.length).toBeGreaterThanOrEqual(1);
    expect(retries.join('\n')).not.toContain('very-secret-pw');
  });

  it.runIf(process.env.IPICK_TEST_DATABASE === 'postgres')(
    'waits for a server that comes up while it retries',
    async () => {
      const url = new URL(process.env.DATABASE_URL!);
      const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
      await proxy.stop();
      url.hostname = '127.0.0.1';
      url.port = String(proxy.port);
      let retried = 0;
      const opening = openDatabase({
        kind: 'postgres',
        url: url.href,
        startupRetryMs: 10_000,
        onStartupRetry: () => {
          retried += 1;
          if (retried === 1) void proxy.start();
        },
      });
      const database = await opening;
      expect(await database.isAvailable()).toBe(true);
      await database.close();
      await proxy.close();
    },
  );
});
