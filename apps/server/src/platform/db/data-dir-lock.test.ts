import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE_NAME, lockDataDir } from './data-dir-lock.ts';
import { openDatabase } from './database.ts';
import { testDatabaseKind } from '../../../test/test-database.ts';

const serverDir = fileURLToPath(new URL('../../../', import.meta.url));

function freshDir(): string {
  return mkdtempSync(join(tmpdir(), 'ipick-data-'));
}

/** Runs the server's `migrate` command on a data directory, as an operator would. */
function runMigrateCommand(dataDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'migrate'], {
      cwd: serverDir,
      env: { ...process.env, IPICK_DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

// The lock guards the embedded database only; the PostgreSQL run of the suite skips it.
describe.skipIf(testDatabaseKind() === 'postgres')('the data directory lock', () => {
  it('stops a second process with a clear message while the first holds the directory', async () => {
    const dataDir = freshDir();
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const second = await runMigrateCommand(dataDir);
      expect(second.code).toBe(1);
      expect(second.output).toContain(
        `The data directory ${dataDir} is in use by another ipick process (pid ${process.pid})`,
      );
    } finally {
      await database.close();
    }
    const afterRelease = await runMigrateCommand(dataDir);
    expect(afterRelease.output).toMatch(/applied 1 foundation/);
    expect(afterRelease.code).toBe(0);
    // Two new processes that start the server code: slow on a busy machine.
  }, 120_000);

  it('refuses a second open inside the same process', async () => {
    const dataDir = freshDir();
    const lock = lockDataDir(dataDir);
    try {
      expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
    } finally {
      lock.release();
    }
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false);
  });

  it('takes over a lock left by a process that died', () => {
    const dataDir = freshDir();
    const dead = spawnSync(process.execPath, ['-e', '0']);
    writeFileSync(join(dataDir, LOCK_FILE_NAME), JSON.stringify({ pid: dead.pid }));
    expect(() => lockDataDir(dataDir).release()).not.toThrow();
  });

  it('takes over an unreadable lock file', () => {
    const dataDir = freshDir();
    writeFileSync(join(dataDir, LOCK_FILE_NAME), 'garbage');
    expect(() => lockDataDir(dataDir).release()).not.toThrow();
  });
});
