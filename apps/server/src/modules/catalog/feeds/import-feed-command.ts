import { createReadStream, openSync, readSync, closeSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { SingleBar, Presets } from 'cli-progress';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../../platform/db/schema.ts';
import { CatalogRepository } from '../catalog-repository.ts';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web';
import type { SafeFetcher } from '../../../platform/fetcher/safe-fetcher.ts';
import { detectFeedFormat, type FeedFormat } from './feed-readers.ts';
import { importFeed, type FeedImportReport } from './feed-importer.ts';

export interface ImportFeedCommandOptions {
  db: Kysely<DatabaseSchema>;
  /** The shop the feed belongs to: a retailer key or host, e.g. `walmart` or `shop.example.com`. */
  retailer: string;
  /** A feed file on this machine, or an http(s) address to fetch it from. */
  path: string;
  /** Fetches feeds given by address (SSRF-safe). */
  fetcher: SafeFetcher;
  isFullFeed: boolean;
  /** Show a progress bar (when writing to a terminal). */
  showProgress: boolean;
}

/**
 * `npm run import-feed -- --retailer <host> <file>`: imports a Google Merchant Center feed
 * file for a retailer, with a progress bar, and returns the import report.
 */
export async function runImportFeedCommand(
  options: ImportFeedCommandOptions,
): Promise<FeedImportReport> {
  const repository = new CatalogRepository(options.db);
  const host = options.retailer
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/^www\./, '')
    .replace(/\/.*$/, '');
  const retailer =
    (await repository.findRetailerByKey(host)) ??
    (await repository.findRetailerByHost(host)) ??
    (await repository.ensureRetailer({
      key: host,
      displayName: host,
      hosts: [host],
      affiliateParam: null,
    }));

  const source = await openSource(options.path, options.fetcher);
  const { size, format, input } = source;
  const bar = options.showProgress
    ? new SingleBar(
        { format: '{phase} [{bar}] {percentage}% | {items} items, {rejected} rejected' },
        Presets.shades_classic,
      )
    : null;
  bar?.start(size, 0, { phase: 'reading', items: 0, rejected: 0 });
  try {
    return await importFeed({
      db: options.db,
      repository,
      retailer,
      input,
      format,
      source: source.name,
      isFullFeed: options.isFullFeed,
      onProgress: (progress) => {
        if (!bar) return;
        // A 'data' listener would start the stream before the importer reads it; ask the file.
        const bytesRead = 'bytesRead' in input ? Number(input.bytesRead) : 0;
        const value =
          progress.phase === 'reading'
            ? bytesRead
            : Math.round(
                (progress.itemsWritten / Math.max(1, progress.itemsRead - progress.itemsRejected)) *
                  size,
              );
        bar.update(Math.min(value, size), {
          phase: progress.phase,
          items: progress.phase === 'reading' ? progress.itemsRead : progress.itemsWritten,
          rejected: progress.itemsRejected,
        });
      },
    });
  } finally {
    bar?.update(size);
    bar?.stop();
  }
}

/** Longest a feed download may take, and its largest size. */
const FEED_DOWNLOAD_TIMEOUT_MS = 10 * 60 * 1000;
const FEED_DOWNLOAD_MAX_BYTES = 1024 * 1024 * 1024;

async function openSource(
  location: string,
  fetcher: SafeFetcher,
): Promise<{ name: string; size: number; format: FeedFormat; input: Readable }> {
  if (!/^https?:\/\//i.test(location)) {
    return {
      name: basename(location),
      size: statSync(location).size,
      format: detectFeedFormat(location, peek(location)),
      input: createReadStream(location),
    };
  }
  const fetched = await fetcher.fetchStream(location, 'feed', {
    timeoutMs: FEED_DOWNLOAD_TIMEOUT_MS,
    maxBytes: FEED_DOWNLOAD_MAX_BYTES,
  });
  const format = formatOfFetchedFeed(fetched.contentType, fetched.url);
  // The size is unknown until the download ends; the bar then follows items, not bytes.
  return {
    name: location,
    size: 0,
    format,
    input: Readable.fromWeb(fetched.body as NodeWebReadableStream),
  };
}

/** A fetched feed's format: by its media type, else by its address's file name. */
export function formatOfFetchedFeed(contentType: string, url: string): FeedFormat {
  const byType: Record<string, FeedFormat> = {
    'text/csv': 'csv',
    'text/tab-separated-values': 'tsv',
  };
  return (
    byType[contentType] ??
    (contentType.includes('xml') ? 'xml' : detectFeedFormat(new URL(url).pathname, ''))
  );
}

function peek(path: string): string {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(4096);
    const bytes = readSync(fd, buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytes).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** The report as an operator reads it. */
export function describeReport(report: FeedImportReport): string {
  const lines = [
    `Import ${report.importId}: ${report.status}`,
    `  items read: ${report.itemsSeen}, created: ${report.created}, updated: ${report.updated}, unchanged: ${report.unchanged}, rejected: ${report.rejected}, marked out of stock: ${report.markedOutOfStock}`,
  ];
  if (report.error) lines.push(`  error: ${report.error}`);
  for (const rejection of report.rejections.slice(0, 20)) {
    lines.push(
      `  row ${rejection.row}${rejection.id ? ` (${rejection.id})` : ''}: ${rejection.reasons.join('; ')}`,
    );
  }
  if (report.rejections.length > 20)
    lines.push(`  ... and ${report.rejected - 20} more rejected rows`);
  return lines.join('\n');
}
