import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

export const LOCK_FILE_NAME = 'ipick.lock';

/** Another live process holds the data directory. */
export class DataDirLockedError extends Error {
  readonly holderPid: number;

  constructor(dataDir: string, holderPid: number) {
    super(
      `The data directory ${dataDir} is in use by another ipick process (pid ${holderPid}). ` +
        'Stop that process first, or point IPICK_DATA_DIR at another directory.',
    );
    this.name = 'DataDirLockedError';
    this.holderPid = holderPid;
  }
}

export interface DataDirLock {
  release(): void;
}

/**
 * Takes the exclusive lock on an embedded data directory. PGlite itself has none, and two
 * processes on one directory silently lose each other's writes (feasibility §2), so a second
 * process must fail here, clearly, before it opens the database.
 *
 * The lock file holds the owner's pid; a lock left by a process that no longer runs (a crash,
 * SIGKILL) is taken over.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE_NAME);
  // Write the whole record first, then link it into place: link() fails if the lock exists,
  // so taking the lock is one atomic step and no one ever reads a half-written lock.
  const draft = `${path}.${process.pid}`;
  writeFileSync(draft, JSON.stringify({ pid: process.pid, host: hostname(), since: new Date() }));
  try {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        linkSync(draft, path);
        return { release: () => releaseIfOwned(path) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const holder = readHolderPid(path);
        if (holder !== null && isProcessAlive(holder)) {
          throw new DataDirLockedError(dataDir, holder);
        }
        rmSync(path, { force: true }); // stale: its owner is gone
      }
    }
  } finally {
    rmSync(draft, { force: true });
  }
  throw new Error(`Could not lock the data directory ${dataDir}; another process keeps taking it.`);
}

function readHolderPid(path: string): number | null {
  try {
    const { pid } = JSON.parse(readFileSync(path, 'utf8')) as { pid?: unknown };
    return typeof pid === 'number' ? pid : null;
  } catch {
    return null; // unreadable: treat as stale
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function releaseIfOwned(path: string): void {
  if (readHolderPid(path) === process.pid) rmSync(path, { force: true });
}
