import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../test/test-database.ts';
import { periodicJobRuns } from '../../platform/db/exclusive-jobs.ts';
import { DASHBOARD_ROLLUP_JOB } from '../business/rollup-job.ts';

// Issue 25: several ipick processes on one PostgreSQL database, each with a journal folder of
// its own under one IPICK_JOURNAL_DIR. Clicks go through both; one is killed (SIGKILL) mid-load,
// and the survivor ships what it left: every answered click reaches the ledger exactly once.
// The dashboard roll-up, which each process schedules, runs once across them.
// The embedded database is one process's, so this runs in the PostgreSQL pass only.

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const target = 'https://www.amazon.com/dp/B08P2HBBLX';
const serverScript = fileURLToPath(
  new URL('../../../test/click-journal-server.ts', import.meta.url),
);

interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** The messages of its JSON log lines, as they come. */
  messages: string[];
}

async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', serverScript], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const messages: string[] = [];
  const lines = createInterface({ input: child.stdout });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
    lines.on('line', (line) => {
      if (line.startsWith('{"port"')) resolve((JSON.parse(line) as { port: number }).port);
      else if (line.startsWith('{')) messages.push((JSON.parse(line) as { msg: string }).msg);
    });
  });
  return { child, port, messages };
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

describe.runIf(testDatabaseKind() === 'postgres')('two ipick processes on one database', () => {
  let testDb: TestDatabase;
  let root: string;
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of servers) {
      server.child.kill('SIGKILL');
      await exited(server.child);
    }
    await testDb?.dispose();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('count every click once after one is killed, and run the roll-up once', async () => {
    testDb = await createTestDatabase();
    root = await mkdtemp(join(tmpdir(), 'ipick-journal-processes-'));
    const env = {
      DATABASE_URL: testDb.url!,
      IPICK_JOURNAL_DIR: root,
      IPICK_TEST_ROLLUP_DELAY_MS: '300',
    };
    const first = await startServer(env);
    servers.push(first);
    const second = await startServer(env);
    servers.push(second);
    // Each process writes a folder of its own under the one journal directory.
    expect(await readdir(root)).toHaveLength(2);

    const prefix = `procs-${randomUUID().slice(0, 8)}-`;
    const answered: string[] = [];
    let sent = 0;
    let isRunning = true;
    const clicker = async (server: ServerProcess) => {
      while (isRunning) {
        const session = `${prefix}${sent++}`;
        try {
          const url = `http://127.0.0.1:${server.port}/api/redirect?to=${encodeURIComponent(target)}&session_id=${session}`;
          const response = await fetch(url, {
            redirect: 'manual',
            headers: { 'user-agent': CHROME },
          });
          if (response.status === 302) answered.push(session);
        } catch {
          if (server === first) return; // killed: this click was never answered
          throw new Error('the surviving process stopped answering');
        }
      }
    };
    const load = [first, first, first, second, second, second].map((server) => clicker(server));
    await expect.poll(() => answered.length, { timeout: 20_000 }).toBeGreaterThan(300);
    first.child.kill('SIGKILL');
    await exited(first.child);
    const answeredAtKill = answered.length;
    await expect.poll(() => answered.length, { timeout: 20_000 }).toBeGreaterThan(answeredAtKill);
    isRunning = false;
    await Promise.all(load);

    // The survivor finds the dead process's folder (its lock names a process that is gone),
    // ships it under an advisory lock and deletes it; its own clicks follow every half second.
    const counts = async () => {
      const { rows } = await sql<{ session_id: string; count: string }>`
        select session_id, count(*) as count from clicks
        where session_id like ${`${prefix}%`} group by session_id
      `.execute(testDb.database.db);
      return new Map(rows.map((row) => [row.session_id, Number(row.count)]));
    };
    await expect
      .poll(async () => (await counts()).size, { timeout: 40_000, interval: 500 })
      .toBeGreaterThanOrEqual(answered.length);
    const ledger = await counts();
    for (const session of answered) expect(ledger.get(session), session).toBe(1);
    expect([...ledger.values()].every((count) => count === 1)).toBe(true);
    await expect.poll(() => readdir(root), { timeout: 20_000 }).toHaveLength(1);

    // Both processes scheduled the roll-up; one ran it, the other found it done.
    expect(await periodicJobRuns(testDb.database, DASHBOARD_ROLLUP_JOB)).toBe(1);
    const rollupMessages = [...first.messages, ...second.messages].filter((message) =>
      message.startsWith('dashboard roll-up'),
    );
    expect(rollupMessages.filter((message) => message.includes('done'))).toHaveLength(1);
    expect(rollupMessages.filter((message) => message.includes('skipped'))).toHaveLength(1);

    // Stopped gracefully with everything shipped, the survivor leaves no folder behind.
    second.child.kill('SIGTERM');
    await exited(second.child);
    expect(await readdir(root)).toEqual([]);
  }, 120_000);
});
