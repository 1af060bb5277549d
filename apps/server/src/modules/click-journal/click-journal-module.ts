import { existsSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  DataDirLockedError,
  LOCK_FILE_NAME,
  lockDataDir,
} from '../../platform/db/data-dir-lock.ts';
import type { NewClick } from '../referral/referral-repository.ts';
import { encodeClickText } from './click-codec.ts';
import { ClickJournal, SEGMENT_PATTERN, type ClickJournalOptions } from './click-journal.ts';
import {
  ClickShipper,
  PROGRESS_FILE,
  readProgress,
  type ClickShipperOptions,
} from './click-shipper.ts';

export interface ClickJournalModule {
  journal: ClickJournal;
  shipper: ClickShipper;
  /** Resolves once the click is durable in the journal (what the redirect waits for). */
  record(click: NewClick): Promise<void>;
  /** Ships what processes that are gone left in the journal folder; resolves with the count. */
  adoptLeftovers(): Promise<number>;
  /** Stops shipping (after one last try) and closes the journal. */
  close(): Promise<void>;
}

export interface OpenClickJournalOptions
  extends Omit<ClickJournalOptions, 'minSequence'>, Omit<ClickShipperOptions, 'journal'> {
  /**
   * Runs `work` only if no other process holds the lock `name` (a PostgreSQL advisory lock
   * when several processes share the database); resolves with whether it ran. Without it,
   * `work` always runs: the embedded database has one process.
   */
  exclusive?: (name: string, work: () => Promise<void>) => Promise<boolean>;
  /** How often leftovers of processes that are gone are looked for (default 15 s). */
  adoptEveryMs?: number;
  startShipping?: boolean;
}

/**
 * Opens this process's click journal, a folder of its own inside `options.dir` (several
 * processes share one), and the shipper that empties it into the ledger. The folder is locked
 * like a data directory: the lock names this process, so that once it is gone (crashed,
 * killed, or stopped with clicks it could not ship) another process, or this one's next start,
 * can tell and ship what it left. That happens before this resolves, so that a restarted server
 * has replayed its journal before it reports healthy, and every `adoptEveryMs` after.
 */
export async function openClickJournal(
  options: OpenClickJournalOptions,
): Promise<ClickJournalModule> {
  const root = options.dir;
  const exclusive = options.exclusive ?? (async (_name, work) => (await work(), true));
  await mkdir(root, { recursive: true });
  const name = `process-${Date.now().toString(36)}-${process.pid}`;
  const dir = join(root, name);
  lockDataDir(dir);

  /** Folders this process took over and has not emptied yet (the database was away). */
  const held = new Set<string>();
  let adopting: Promise<number> | null = null;
  const adoptLeftovers = () => {
    adopting ??= adoptAll().finally(() => (adopting = null));
    return adopting;
  };
  async function adoptAll(): Promise<number> {
    let shipped = 0;
    const entries = await readdir(root, { withFileTypes: true });
    // Before journals had a folder per process, segments lay in the journal folder itself.
    if (entries.some((entry) => entry.isFile() && SEGMENT_PATTERN.test(entry.name))) {
      await exclusive('click-journal:', async () => {
        shipped += await replayOlderLayout(root, options);
      });
    }
    for (const entry of entries) {
      // A folder without a lock is one a process is creating this moment.
      if (!entry.isDirectory() || entry.name === name) continue;
      if (!existsSync(join(root, entry.name, LOCK_FILE_NAME))) continue;
      await exclusive(`click-journal:${entry.name}`, async () => {
        shipped += await adoptFolder(join(root, entry.name), options, held);
      });
    }
    return shipped;
  }

  if (options.startShipping !== false) {
    await adoptLeftovers().catch((error: unknown) => options.onError?.(error));
  }
  const journal = await ClickJournal.open({ ...options, dir });
  const shipper = new ClickShipper({ ...options, journal }, { sequence: 0, offset: 0 });
  let adoptTimer: NodeJS.Timeout | null = null;
  if (options.startShipping !== false) {
    shipper.start();
    adoptTimer = setInterval(() => {
      adoptLeftovers().catch((error: unknown) => options.onError?.(error));
    }, options.adoptEveryMs ?? 15_000);
    adoptTimer.unref();
  }
  return {
    journal,
    shipper,
    record: (click) => journal.appendText(encodeClickText(click)),
    adoptLeftovers,
    async close() {
      if (adoptTimer) clearInterval(adoptTimer);
      await adopting?.catch(() => {});
      await shipper.stop();
      await journal.close();
      // Everything shipped: the folder goes. Otherwise its lock stays, naming this process,
      // so that whoever starts next finds the folder left by a process that is gone.
      if (shipper.health().backlogBytes === 0) {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * Ships the journal a process that is gone left in `dir`, then deletes the folder. A folder
 * whose process still runs is left alone (its lock says so). While the database is away the
 * folder stays locked by this process (in `held`), which tries again next round; should this
 * process die meanwhile, the lock names a process that is gone and another takes over.
 * Resolves with the clicks shipped.
 */
async function adoptFolder(
  dir: string,
  options: Omit<ClickShipperOptions, 'journal'>,
  held: Set<string>,
): Promise<number> {
  if (!held.has(dir)) {
    try {
      lockDataDir(dir); // taken over only from a process that no longer runs
    } catch (error) {
      if (error instanceof DataDirLockedError) return 0;
      throw error;
    }
    held.add(dir);
  }
  const { shipped, isEmptied } = await replayFolder(dir, options);
  if (isEmptied) {
    await rm(dir, { recursive: true, force: true }); // the lock file goes with it
    held.delete(dir);
  }
  return shipped;
}

/**
 * Ships the segments an earlier version of ipick wrote straight into the journal folder, then
 * deletes them and their progress file; the folders of today's processes are left alone.
 */
async function replayOlderLayout(
  root: string,
  options: Omit<ClickShipperOptions, 'journal'>,
): Promise<number> {
  const { shipped, isEmptied } = await replayFolder(root, options);
  if (isEmptied) {
    for (const name of await readdir(root)) {
      if (SEGMENT_PATTERN.test(name) || name.startsWith(PROGRESS_FILE)) {
        await rm(join(root, name), { force: true });
      }
    }
  }
  return shipped;
}

/**
 * Ships what the journal in `dir` holds past its saved progress, as the next run after a crash
 * does: the torn tail cut, records already shipped skipped. The caller makes sure no live
 * process writes `dir`.
 */
export async function replayFolder(
  dir: string,
  options: Omit<ClickShipperOptions, 'journal'>,
): Promise<{ shipped: number; isEmptied: boolean }> {
  const position = await readProgress(dir);
  const journal = await ClickJournal.open({ dir, minSequence: position.sequence + 1 });
  const shipper = new ClickShipper({ ...options, journal }, position);
  try {
    const shipped = await shipper.shipAvailable();
    return { shipped, isEmptied: shipper.health().backlogBytes === 0 };
  } finally {
    await journal.close();
  }
}
