import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { HealthResponse } from '@ipick/contracts';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/test-app.ts';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../test/test-database.ts';
import { openDatabase } from '../../platform/db/database.ts';
import type { DatabaseSchema } from '../../platform/db/schema.ts';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const target = 'https://www.amazon.com/dp/B08P2HBBLX';
const redirectUrl = (session: string) =>
  `/api/redirect?to=${encodeURIComponent(target)}&session_id=${session}`;

const folders: string[] = [];
async function newFolder(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'ipick-journal-app-'));
  folders.push(folder);
  return folder;
}
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

/** How many clicks of each session the ledger holds. */
async function ledgerCounts(db: Kysely<DatabaseSchema>, prefix: string) {
  const { rows } = await sql<{ session_id: string; count: string }>`
    select session_id, count(*) as count from clicks
    where session_id like ${`${prefix}%`} group by session_id
  `.execute(db);
  return new Map(rows.map((row) => [row.session_id, Number(row.count)]));
}

describe('the redirect with the click journal on (IPICK_JOURNAL_DIR)', () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    app = await buildTestApp(testDb, { clickJournalDir: await newFolder() });
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.dispose();
  });

  it('answers with its 302 and headers, and the click reaches the ledger once', async () => {
    const prefix = `journal-${randomUUID().slice(0, 8)}-`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        app.inject({ url: redirectUrl(`${prefix}${i}`), headers: { 'user-agent': CHROME } }),
      ),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(302);
      expect(answer.headers.location).toMatch(/^https:\/\/www\.amazon\.com\/dp\/B08P2HBBLX\?/);
      expect(answer.headers['cache-control']).toBe('no-store');
    }
    await expect
      .poll(async () => (await ledgerCounts(testDb.database.db, prefix)).size, { timeout: 10_000 })
      .toBe(20);
    const counts = await ledgerCounts(testDb.database.db, prefix);
    expect([...counts.values()].every((count) => count === 1)).toBe(true);
    // The shipper saves its progress just after the ledger commits: the backlog follows.
    const journalHealth = async () =>
      (await app.inject('/api/health')).json<HealthResponse>().clickJournal;
    await expect.poll(async () => (await journalHealth())?.backlogBytes).toBe(0);
    expect(await journalHealth()).toMatchObject({ refused: 0, lastError: null });
  });
});

const serverScript = fileURLToPath(
  new URL('../../../test/click-journal-server.ts', import.meta.url),
);

interface ServerProcess {
  child: ChildProcess;
  port: number;
}

/** Starts ipick in a child process with its click journal in `journalDir`. */
async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', serverScript], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
    lines.on('line', (line) => {
      if (line.startsWith('{"port"')) resolve((JSON.parse(line) as { port: number }).port);
    });
  });
  return { child, port };
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

describe('a server killed mid-load (SIGKILL)', () => {
  let testDb: TestDatabase | null = null;
  afterAll(async () => {
    await testDb?.dispose();
  });

  it('loses no answered click and counts each once, after the restart replays its journal', async () => {
    const journalDir = await newFolder();
    let env: Record<string, string>;
    let openLedger: () => Promise<{ db: Kysely<DatabaseSchema>; close(): Promise<void> }>;
    if (testDatabaseKind() === 'postgres') {
      testDb = await createTestDatabase();
      const url = testDb.url!;
      env = { DATABASE_URL: url, IPICK_JOURNAL_DIR: journalDir };
      const db = testDb.database;
      openLedger = () => Promise.resolve({ db: db.db, close: () => Promise.resolve() });
    } else {
      const dataDir = await newFolder();
      env = { DATABASE_URL: '', IPICK_DATA_DIR: dataDir, IPICK_JOURNAL_DIR: journalDir };
      openLedger = async () => {
        const database = await openDatabase({ kind: 'pglite', dataDir });
        return { db: database.db, close: () => database.close() };
      };
    }
    const prefix = `kill-${randomUUID().slice(0, 8)}-`;
    const first = await startServer(env);
    const answered: string[] = [];
    let sent = 0;
    let isRunning = true;
    const clicker = async () => {
      while (isRunning) {
        const session = `${prefix}${sent++}`;
        try {
          const response = await fetch(`http://127.0.0.1:${first.port}${redirectUrl(session)}`, {
            redirect: 'manual',
            headers: { 'user-agent': CHROME },
          });
          if (response.status === 302) answered.push(session);
        } catch {
          return; // the server is gone: this click was never answered
        }
      }
    };
    const load = Array.from({ length: 8 }, () => clicker());
    await expect.poll(() => answered.length, { timeout: 20_000 }).toBeGreaterThan(300);
    first.child.kill('SIGKILL');
    await exited(first.child);
    isRunning = false;
    await Promise.all(load);

    const second = await startServer(env);
    await expect
      .poll(
        async () => {
          const response = await fetch(`http://127.0.0.1:${second.port}/api/health`);
          return ((await response.json()) as HealthResponse).clickJournal?.backlogBytes;
        },
        { timeout: 20_000 },
      )
      .toBe(0);
    second.child.kill('SIGTERM');
    await exited(second.child);

    const ledger = await openLedger();
    try {
      const counts = await ledgerCounts(ledger.db, prefix);
      for (const session of answered) expect(counts.get(session), session).toBe(1);
      expect([...counts.values()].every((count) => count === 1)).toBe(true);
    } finally {
      await ledger.close();
    }
  }, 90_000);
});
