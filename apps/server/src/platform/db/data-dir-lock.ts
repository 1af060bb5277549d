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
 * The lock file holds the owner's pid and, on Linux, when that process started (its start time
 * in /proc and the boot's id). A lock left by a process that no longer runs (a crash, SIGKILL)
 * is taken over, also when its pid has since gone to another process: in a container the
 * restarted ipick is PID 1 again, as its crashed predecessor was.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE_NAME);
  // Write the whole record first, then link it into place: link() fails if the lock exists,
  // so taking the lock is one atomic step and no one ever reads a half-written lock.
  const draft = `${path}.${process.pid}`;
  const self = { pid: process.pid, started: processStart(process.pid) };
  writeFileSync(draft, JSON.stringify({ ...self, host: hostname(), since: new Date() }));
  try {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        linkSync(draft, path);
        return { release: () => releaseIfOwned(path) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const holder = readHolder(path);
        if (holder !== null && isHolderAlive(holder)) {
          throw new DataDirLockedError(dataDir, holder.pid);
        }
        rmSync(path, { force: true }); // stale: its owner is gone
      }
    }
  } finally {
    rmSync(draft, { force: true });
  }
  throw new Error(`Could not lock the data directory ${dataDir}; another process keeps taking it.`);
}

interface Holder {
  pid: number;
  /** When the holder started (`processStart`), if it could tell. */
  started: string | null;
}

function readHolder(path: string): Holder | null {
  try {
    const { pid, started } = JSON.parse(readFileSync(path, 'utf8')) as {
      pid?: unknown;
      started?: unknown;
    };
    if (typeof pid !== 'number') return null;
    return { pid, started: typeof started === 'string' ? started : null };
  } catch {
    return null; // unreadable: treat as stale
  }
}

/**
 * Whether the process that wrote the lock still runs: a process of that pid exists and started
 * when the holder did (this very process too, when it locked the directory already).
 */
function isHolderAlive(holder: Holder): boolean {
  if (!isProcessAlive(holder.pid)) return false;
  if (holder.started === null) return true; // nothing to compare with: assume it is the holder
  const started = processStart(holder.pid);
  return started === null || started === holder.started;
}

/**
 * When process `pid` started, as `<boot id>:<start time in clock ticks since boot>` from
 * Linux's /proc; null elsewhere. A pid can be reused, a start time of one boot cannot.
 */
export function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields follow the command name, which is in parentheses and may itself hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const startTime = fields[19]; // field 22 of proc(5), the 20th after the name
    const bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return startTime ? `${bootId}:${startTime}` : null;
  } catch {
    return null;
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
  if (readHolder(path)?.pid === process.pid) rmSync(path, { force: true });
}
