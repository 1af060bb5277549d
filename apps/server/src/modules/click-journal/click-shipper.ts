import { open, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { copyLineOf } from './click-codec.ts';
import { syncFolder, type ClickJournal, type JournalPosition } from './click-journal.ts';
import { readRecords } from './record-format.ts';

/** The steps of shipping one batch, where a test can make the process "crash". */
export type ShipStep = 'shipped' | 'progressed' | 'removed';

export interface ClickShipperOptions {
  journal: ClickJournal;
  /**
   * Adds clicks to the ledger, skipping ids it has; resolves once they are committed. The
   * clicks come as lines of COPY text (click-codec.ts), `count` of them.
   */
  ship: (rows: string, count: number) => Promise<void>;
  /** The most clicks one write to the ledger carries (default 1000). */
  batchSize?: number;
  /** The pause between two rounds of shipping (default 500 ms): clicks gather into batches. */
  intervalMs?: number;
  /** The longest wait between tries while the database is away (default 10 s). */
  maxBackoffMs?: number;
  onError?: (error: unknown) => void;
  /** For tests: called after each step; throwing stops the shipper there, as a crash would. */
  afterStep?: (step: ShipStep) => void;
}

export interface ShipperHealth {
  /** Journal bytes not yet in the ledger. */
  backlogBytes: number;
  /** How long the oldest click not yet in the ledger has waited, in seconds. */
  oldestSeconds: number;
  /** Clicks refused because the journal was full (they were redirected, not kept). */
  refused: number;
  /** The last failure to ship, while it lasts. */
  lastError: string | null;
}

/** Where a journal folder's shipping got to (and its `.tmp` while it is replaced). */
export const PROGRESS_FILE = 'shipped.json';

/** Where shipping got to, as written last; the start of the journal when nothing is. */
export async function readProgress(dir: string): Promise<JournalPosition> {
  try {
    const saved = JSON.parse(await readFile(join(dir, PROGRESS_FILE), 'utf8')) as JournalPosition;
    if (Number.isSafeInteger(saved.sequence) && Number.isSafeInteger(saved.offset)) return saved;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return { sequence: 0, offset: 0 };
}

/** Replaces the progress file whole (write, sync, rename), so a crash leaves old or new. */
async function writeProgress(dir: string, position: JournalPosition): Promise<void> {
  const temporary = join(dir, `${PROGRESS_FILE}.tmp`);
  await writeFile(temporary, JSON.stringify(position));
  const handle = await open(temporary, 'r+');
  try {
    await handle.datasync();
  } finally {
    await handle.close();
  }
  await rename(temporary, join(dir, PROGRESS_FILE));
  await syncFolder(dir);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/**
 * Moves journal records into the click ledger in batches, in journal order. The ledger skips
 * click ids it has, and progress is saved only after a batch commits: a crash between the two
 * ships the batch again, and it is still counted once. While the database is away it retries
 * with a doubling wait; the journal meanwhile keeps the clicks.
 */
export class ClickShipper {
  readonly #journal: ClickJournal;
  readonly #ship: (rows: string, count: number) => Promise<void>;
  readonly #batchSize: number;
  readonly #intervalMs: number;
  readonly #maxBackoffMs: number;
  readonly #onError: (error: unknown) => void;
  readonly #afterStep: (step: ShipStep) => void;
  #position: JournalPosition;
  #loop: Promise<void> | null = null;
  #isRunning = false;
  #lastError: string | null = null;
  /** One round at a time: the loop's and a caller's `shipAvailable` never overlap. */
  #round: Promise<number> | null = null;

  constructor(options: ClickShipperOptions, position: JournalPosition) {
    this.#journal = options.journal;
    this.#ship = options.ship;
    this.#batchSize = options.batchSize ?? 1000;
    this.#intervalMs = options.intervalMs ?? 500;
    this.#maxBackoffMs = options.maxBackoffMs ?? 10_000;
    this.#onError = options.onError ?? (() => {});
    this.#afterStep = options.afterStep ?? (() => {});
    this.#position = position;
  }

  get position(): Readonly<JournalPosition> {
    return this.#position;
  }

  health(): ShipperHealth {
    let backlogBytes = 0;
    for (const segment of this.#journal.segments()) {
      if (segment.sequence > this.#position.sequence) backlogBytes += segment.durableBytes;
      else if (segment.sequence === this.#position.sequence) {
        backlogBytes += Math.max(0, segment.durableBytes - this.#position.offset);
      }
    }
    const oldest = backlogBytes > 0 ? this.#journal.oldestAfter(this.#position) : null;
    return {
      backlogBytes,
      oldestSeconds: oldest === null ? 0 : Math.max(0, Math.round((Date.now() - oldest) / 1000)),
      refused: this.#journal.stats.refused,
      lastError: this.#lastError,
    };
  }

  /** Ships in the background until `stop`. */
  start(): void {
    if (this.#isRunning) return;
    this.#isRunning = true;
    this.#loop = this.#run();
  }

  /** Stops the background loop, then tries once more to ship what is left. */
  async stop(): Promise<void> {
    this.#isRunning = false;
    await this.#loop;
    await this.shipAvailable().catch((error: unknown) => this.#onError(error));
  }

  /** Ships every record durable now; resolves with how many it shipped. */
  shipAvailable(): Promise<number> {
    this.#round ??= this.#shipRound().finally(() => (this.#round = null));
    return this.#round;
  }

  async #run(): Promise<void> {
    let backoffMs = 100;
    while (this.#isRunning) {
      try {
        await this.shipAvailable();
        this.#lastError = null;
        backoffMs = 100;
        await sleep(this.#intervalMs);
      } catch (error) {
        this.#lastError = error instanceof Error ? error.message : String(error);
        this.#onError(error);
        await sleep(backoffMs);
        backoffMs = Math.min(backoffMs * 2, this.#maxBackoffMs);
      }
    }
  }

  async #shipRound(): Promise<number> {
    let shipped = 0;
    for (const segment of [...this.#journal.segments()]) {
      const { sequence, isSealed, durableBytes } = segment;
      if (sequence < this.#position.sequence) {
        // Left by a crash after its records were shipped, before it was deleted.
        await this.#journal.remove(sequence);
        continue;
      }
      let offset = sequence === this.#position.sequence ? this.#position.offset : 0;
      if (durableBytes > offset) {
        const bytes = await readRange(segment.path, offset, durableBytes);
        const { payloads, ends, validLength } = readRecords(bytes);
        for (let first = 0; first < payloads.length; first += this.#batchSize) {
          const last = Math.min(first + this.#batchSize, payloads.length) - 1;
          let rows = '';
          for (let index = first; index <= last; index++) rows += copyLineOf(payloads[index]!);
          await this.#ship(rows, last - first + 1);
          this.#afterStep('shipped');
          const position = { sequence, offset: offset + ends[last]! };
          await writeProgress(this.#journal.dir, position);
          this.#position = position;
          this.#afterStep('progressed');
          shipped += last - first + 1;
        }
        if (validLength < bytes.length) {
          // Durable bytes that are not whole records: the disk lost them. They are skipped
          // (never read as clicks), and said loudly.
          this.#onError(
            new Error(
              `click journal segment ${sequence}: ${bytes.length - validLength} unreadable bytes skipped`,
            ),
          );
          const position = { sequence, offset: durableBytes };
          await writeProgress(this.#journal.dir, position);
          this.#position = position;
        }
        offset = this.#position.offset;
      } else if (sequence > this.#position.sequence) {
        this.#position = { sequence, offset: 0 };
      }
      if (isSealed && offset >= durableBytes) {
        await this.#journal.remove(sequence);
        this.#afterStep('removed');
      }
    }
    return shipped;
  }
}

async function readRange(path: string, start: number, end: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(end - start);
    let read = 0;
    while (read < buffer.length) {
      const { bytesRead } = await handle.read(buffer, read, buffer.length - read, start + read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    return buffer.subarray(0, read);
  } finally {
    await handle.close();
  }
}
