import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE_NAME, lockDataDir, processStart } from './data-dir-lock.ts';
import { openDatabase } from './database.ts';
import { seededPgliteDataDir, testDatabaseKind } from '../../../test/test-database.ts';

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
    // A new, unmigrated cluster: the same as `initdb` would make, without its time.
    const dataDir = await seededPgliteDataDir('ipick-data-', { migrated: false });
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

  it('takes over a lock whose pid now belongs to another process', () => {
    const dataDir = freshDir();
    // A live process with the lock's pid, but not the one that wrote it: it started later.
    const other = spawn('sleep', ['30']);
    try {
      const started = processStart(other.pid!);
      writeFileSync(
        join(dataDir, LOCK_FILE_NAME),
        JSON.stringify({ pid: other.pid, started: `${started ?? 'boot'}-earlier` }),
      );
      expect(() => lockDataDir(dataDir).release()).not.toThrow();
      // The same pid with its own start time is a live holder.
      writeFileSync(join(dataDir, LOCK_FILE_NAME), JSON.stringify({ pid: other.pid, started }));
      expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
    } finally {
      other.kill();
    }
  });

  // A container restarted after a crash: the new ipick is PID 1, as the crashed one was.
  it.runIf(canUnsharePids())(
    'takes over the lock of a crashed PID 1 when PID 1 runs again in a new container',
    () => {
      const dataDir = freshDir();
      const lockModule = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));
      // Takes the lock and dies without releasing it, as SIGKILL would leave it.
      const script = (exit: string) =>
        `import { lockDataDir } from ${JSON.stringify(lockModule)};` +
        `try { lockDataDir(${JSON.stringify(dataDir)}); console.log('locked', process.pid); ${exit} }` +
        `catch (error) { console.log(error.message); process.exit(3); }`;
      const inContainer = (code: string) =>
        spawnSync(
          'unshare',
          ['-p', '--fork', '--mount-proc', process.execPath, '--import', 'tsx', '-e', code],
          { cwd: serverDir, encoding: 'utf8' },
        );
      const crashed = inContainer(script('process.exit(0);'));
      expect(crashed.stdout.trim(), crashed.stderr).toBe('locked 1');
      expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(true);
      const restarted = inContainer(script('process.exit(0);'));
      expect(restarted.stdout.trim(), restarted.stderr).toBe('locked 1');
    },
    60_000,
  );
});

/** Whether this machine lets the test start a process in a new PID namespace (root on Linux). */
function canUnsharePids(): boolean {
  const probe = spawnSync('unshare', ['-p', '--fork', '--mount-proc', 'true']);
  return probe.status === 0;
}
