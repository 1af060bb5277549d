import { fdatasync, writevSync } from 'node:fs';
import { mkdir, open, readdir, readFile, stat, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { encodeRecord, encodeTextRecord, readRecords } from './record-format.ts';

export interface ClickJournalOptions {
  /** The journal's own folder; one process writes it. */
  dir: string;
  /** A segment is closed and a new one begun once it holds this many bytes (default 16 MiB). */
  maxSegmentBytes?: number;
  /** What the journal may hold unshipped (default 1 GiB); past it, appends are refused. */
  maxBytes?: number;
  now?: () => number;
  /**
   * The new segment's sequence is at least this: above the shipper's saved position, so that
   * a new segment is never taken for one already shipped when every old one was deleted.
   */
  minSequence?: number;
}

/** One segment file: its sequence number and the bytes in it that are durable. */
export interface Segment {
  sequence: number;
  path: string;
  durableBytes: number;
  /** True once no more records will be written to it. */
  isSealed: boolean;
}

/** A position in the journal: a segment and an offset in it. */
export interface JournalPosition {
  sequence: number;
  offset: number;
}

export class JournalFullError extends Error {
  constructor(maxBytes: number) {
    super(`The click journal holds its limit of ${maxBytes} bytes unshipped.`);
  }
}

export interface ClickJournalStats {
  /** Records made durable since the journal opened. */
  appended: number;
  /** fdatasync calls: far fewer than records when clicks arrive together. */
  syncs: number;
  /** Records refused because the journal was full. */
  refused: number;
  /** Bytes cut from the torn tail of the segment the last process was writing. */
  tornBytesCut: number;
}

interface PendingAppend {
  record: Buffer;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** When the oldest record after a position was synced: kept per second, not per record. */
interface SyncMark extends JournalPosition {
  at: number;
}

/** A segment file's name: its sequence number, 16 digits. */
export const SEGMENT_PATTERN = /^clicks-(\d{16})\.journal$/;
const segmentName = (sequence: number) => `clicks-${String(sequence).padStart(16, '0')}.journal`;
const MARK_GRANULARITY_MS = 1000;

/**
 * An append-only local journal of clicks (issue 25): a click is durable on this machine's disk
 * before its redirect is answered, without the database on the way. Appends that arrive
 * while a write is under way share the next write and its one `fdatasync` (group commit). Each
 * process starts a new segment; the one a crashed process was writing is cut back to its last
 * whole record when the journal opens. Segments are deleted once shipped (click-shipper.ts).
 */
export class ClickJournal {
  readonly dir: string;
  readonly #maxSegmentBytes: number;
  readonly #maxBytes: number;
  readonly #now: () => number;
  readonly #segments: Segment[];
  #handle: FileHandle;
  #pending: PendingAppend[] = [];
  #pendingBytes = 0;
  #isWriting = false;
  #isClosed = false;
  #idle: (() => void)[] = [];
  readonly #marks: SyncMark[] = [];
  readonly #listeners: (() => void)[] = [];
  readonly #stats: ClickJournalStats;

  private constructor(
    options: ClickJournalOptions,
    segments: Segment[],
    handle: FileHandle,
    tornBytesCut: number,
    marks: SyncMark[],
  ) {
    this.dir = options.dir;
    this.#maxSegmentBytes = options.maxSegmentBytes ?? 16 * 1024 * 1024;
    this.#maxBytes = options.maxBytes ?? 1024 * 1024 * 1024;
    this.#now = options.now ?? Date.now;
    this.#segments = segments;
    this.#handle = handle;
    this.#marks = marks;
    this.#stats = { appended: 0, syncs: 0, refused: 0, tornBytesCut };
  }

  /** Opens the journal in `options.dir`: repairs the last segment and begins a new one. */
  static async open(options: ClickJournalOptions): Promise<ClickJournal> {
    await mkdir(options.dir, { recursive: true });
    const sequences = (await readdir(options.dir))
      .map((name) => SEGMENT_PATTERN.exec(name)?.[1])
      .filter((sequence): sequence is string => sequence !== undefined)
      .map(Number)
      .sort((a, b) => a - b);
    const segments: Segment[] = [];
    const marks: SyncMark[] = [];
    let tornBytesCut = 0;
    for (const [index, sequence] of sequences.entries()) {
      const path = join(options.dir, segmentName(sequence));
      let durableBytes = (await stat(path)).size;
      // Only the newest can have a torn tail: the others were sealed by rotation.
      if (index === sequences.length - 1) {
        const valid = readRecords(await readFile(path)).validLength;
        if (valid < durableBytes) {
          const handle = await open(path, 'r+');
          try {
            await handle.truncate(valid);
            await handle.datasync();
          } finally {
            await handle.close();
          }
          tornBytesCut = durableBytes - valid;
          durableBytes = valid;
        }
      }
      segments.push({ sequence, path, durableBytes, isSealed: true });
      const { mtimeMs } = await stat(path);
      if (durableBytes > 0) marks.push({ sequence, offset: durableBytes, at: mtimeMs });
    }
    const sequence = Math.max((sequences.at(-1) ?? 0) + 1, options.minSequence ?? 1);
    const path = join(options.dir, segmentName(sequence));
    const handle = await open(path, 'a');
    await syncFolder(options.dir);
    segments.push({ sequence, path, durableBytes: 0, isSealed: false });
    return new ClickJournal(options, segments, handle, tornBytesCut, marks);
  }

  /**
   * Resolves once `payload` is on disk (after the `fdatasync` that covers it); rejects with
   * `JournalFullError` when the unshipped journal has reached its bound.
   */
  append(payload: Uint8Array): Promise<void> {
    if (this.#isClosed) return Promise.reject(new Error('The click journal is closed.'));
    return this.#appendRecord(encodeRecord(payload));
  }

  /** `append` of a payload given as text (UTF-8), encoded straight into its record. */
  appendText(payload: string): Promise<void> {
    if (this.#isClosed) return Promise.reject(new Error('The click journal is closed.'));
    return this.#appendRecord(encodeTextRecord(payload));
  }

  #appendRecord(record: Buffer): Promise<void> {
    if (this.bytes + this.#pendingBytes + record.length > this.#maxBytes) {
      this.#stats.refused += 1;
      return Promise.reject(new JournalFullError(this.#maxBytes));
    }
    return new Promise<void>((resolve, reject) => {
      this.#pending.push({ record, resolve, reject });
      this.#pendingBytes += record.length;
      if (!this.#isWriting) this.#writePending();
    });
  }

  /** Segments in order, oldest first. */
  segments(): readonly Readonly<Segment>[] {
    return this.#segments;
  }

  /** Durable bytes in every segment not yet deleted. */
  get bytes(): number {
    let total = 0;
    for (const segment of this.#segments) total += segment.durableBytes;
    return total;
  }

  get stats(): Readonly<ClickJournalStats> {
    return { ...this.#stats };
  }

  /** When the oldest record after `position` was made durable (ms since the epoch), if any. */
  oldestAfter(position: JournalPosition): number | null {
    while (this.#marks.length > 0 && !isAfter(this.#marks[0]!, position)) this.#marks.shift();
    return this.#marks[0]?.at ?? null;
  }

  /** Calls `listener` after each write is durable (the shipper wakes up). */
  onDurable(listener: () => void): void {
    this.#listeners.push(listener);
  }

  /** Deletes a sealed segment that is shipped. */
  async remove(sequence: number): Promise<void> {
    const index = this.#segments.findIndex((segment) => segment.sequence === sequence);
    const segment = this.#segments[index];
    if (!segment?.isSealed) return;
    await unlink(segment.path);
    this.#segments.splice(index, 1);
  }

  /** Writes what is pending, then refuses new appends and closes the segment file. */
  async close(): Promise<void> {
    this.#isClosed = true;
    if (this.#isWriting || this.#pending.length > 0) {
      await new Promise<void>((resolve) => this.#idle.push(resolve));
    }
    await this.#handle.close();
  }

  /**
   * Writes what is pending and syncs it, then goes on with what arrived meanwhile: one write and
   * one `fdatasync` at a time. The write is synchronous: it only copies the batch (tens of KB)
   * into the page cache, about 1 µs a click, while through the thread pool it waited
   * milliseconds for a thread on a loaded machine, and every click of the batch waited with it
   * (docs/benchmarks.md, issue 25 round 4). The sync, which waits for the disk, stays in the
   * thread pool.
   */
  #writePending(): void {
    if (this.#pending.length === 0) {
      this.#isWriting = false;
      for (const resolve of this.#idle.splice(0)) resolve();
      return;
    }
    this.#isWriting = true;
    const batch = this.#pending;
    this.#pending = [];
    this.#pendingBytes = 0;
    const records = batch.map((entry) => entry.record);
    const size = records.reduce((sum, record) => sum + record.length, 0);
    const active = this.#segments.at(-1)!;
    const fd = this.#handle.fd;
    try {
      const written = writevSync(fd, records);
      if (written !== size) throw new Error(`wrote ${written} of ${size} journal bytes`);
    } catch (error) {
      this.#failBatch(batch, error);
      return;
    }
    fdatasync(fd, (error) => {
      if (error) {
        this.#failBatch(batch, error);
        return;
      }
      active.durableBytes += size;
      this.#stats.syncs += 1;
      this.#stats.appended += batch.length;
      this.#mark(active.sequence, active.durableBytes);
      for (const entry of batch) entry.resolve();
      for (const listener of this.#listeners) listener();
      if (active.durableBytes < this.#maxSegmentBytes) this.#writePending();
      else this.#rotateThenWritePending();
    });
  }

  /**
   * What part of a failed batch reached the disk is unknown: none of it is acknowledged, and the
   * next write starts a new segment so that a torn record stays at a segment's end.
   */
  #failBatch(batch: PendingAppend[], error: unknown): void {
    for (const entry of batch) entry.reject(error);
    this.#rotateThenWritePending();
  }

  /** Begins a new segment, then writes what is pending (to it, or if that failed, to the old). */
  #rotateThenWritePending(): void {
    void this.#rotate()
      .catch(() => {})
      .then(() => this.#writePending());
  }

  /** Records up to `end` are durable; a mark's time is that of the first record it covers. */
  #mark(sequence: number, end: number): void {
    const now = this.#now();
    const last = this.#marks.at(-1);
    if (last && last.sequence === sequence && now - last.at < MARK_GRANULARITY_MS) {
      last.offset = end;
      return;
    }
    this.#marks.push({ sequence, offset: end, at: now });
  }

  async #rotate(): Promise<void> {
    const active = this.#segments.at(-1)!;
    const sequence = active.sequence + 1;
    const path = join(this.dir, segmentName(sequence));
    const handle = await open(path, 'a');
    await syncFolder(this.dir);
    const old = this.#handle;
    this.#handle = handle;
    active.isSealed = true;
    this.#segments.push({ sequence, path, durableBytes: 0, isSealed: false });
    await old.close();
  }
}

/** True when the records up to `mark` include some after `position`. */
function isAfter(mark: JournalPosition, position: JournalPosition): boolean {
  return (
    mark.sequence > position.sequence ||
    (mark.sequence === position.sequence && mark.offset > position.offset)
  );
}

/** Makes a new or renamed file's name durable, not only its contents. */
export async function syncFolder(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
