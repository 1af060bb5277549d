import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { domainsOfHost } from '@ipick/core';
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../../../platform/db/schema.ts';
import type { CatalogRepository, RetailerRecord } from '../catalog-repository.ts';
import type { OfferInput } from '../catalog-types.ts';
import { toOffer, type FeedItemResult } from './feed-item.ts';
import { thisRunner } from './import-runner.ts';
import {
  readDelimitedFeed,
  readXmlFeed,
  type FeedFormat,
  type RawFeedItem,
} from './feed-readers.ts';

/** How many rejected rows the report keeps, with their reasons. */
const MAX_REPORTED_REJECTIONS = 100;
const DEFAULT_BATCH_SIZE = 500;

export interface FeedImportProgress {
  phase: 'reading' | 'writing';
  itemsRead: number;
  itemsWritten: number;
  itemsRejected: number;
}

export interface FeedImportReport {
  importId: string;
  status: 'completed' | 'failed';
  itemsSeen: number;
  created: number;
  updated: number;
  unchanged: number;
  rejected: number;
  markedOutOfStock: number;
  rejections: { row: number; id: string | null; reasons: string[] }[];
  error: string | null;
}

export interface FeedImportOptions {
  db: Kysely<DatabaseSchema>;
  repository: CatalogRepository;
  retailer: RetailerRecord;
  input: Readable;
  format: FeedFormat;
  /** Where the feed came from (file name or URL), for the import record. */
  source: string;
  /** A full feed lists everything the shop sells: offers it leaves out are out of stock. */
  isFullFeed?: boolean;
  /**
   * The domains a row's link must be on (subdomains and ports included), as Merchant Center
   * requires of a shop's feed: a merchant's registered and verified domains. An operator's
   * import may link anywhere.
   */
  linkDomains?: readonly string[];
  batchSize?: number;
  onProgress?: (progress: FeedImportProgress) => void;
}

/**
 * Imports a merchant feed in two passes so that a malformed feed changes nothing: first every
 * row is read and checked, the good ones spooled to a temporary file (never all in memory);
 * only when the whole feed has been read are the offers written, batch by batch, each batch
 * in its own transaction. Re-importing the same feed changes nothing.
 */
export async function importFeed(options: FeedImportOptions): Promise<FeedImportReport> {
  const importId = await beginFeedImport(options.db, options.retailer, options.source, {
    isFullFeed: options.isFullFeed ?? false,
  });
  return runFeedImport(importId, options);
}

/** Records a new, running import and returns its id (so a caller can answer before it ends). */
export async function beginFeedImport(
  db: Kysely<DatabaseSchema>,
  retailer: RetailerRecord,
  source: string,
  options: { isFullFeed: boolean; tempDirs?: string[] } = { isFullFeed: false },
): Promise<string> {
  const importId = randomUUID();
  await db
    .insertInto('feed_imports')
    .values({
      id: importId,
      retailer_id: retailer.id,
      source: source.slice(0, 2000),
      status: 'running',
      // So that a process starting after this one died can tell the import was interrupted.
      runner: thisRunner(),
      temp_dirs: options.tempDirs ?? [],
      is_full_feed: options.isFullFeed,
    })
    .execute();
  return importId;
}

/** Runs an import begun with `beginFeedImport`; see `importFeed`. */
export async function runFeedImport(
  importId: string,
  options: FeedImportOptions,
): Promise<FeedImportReport> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;

  const report: FeedImportReport = {
    importId,
    status: 'completed',
    itemsSeen: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    rejected: 0,
    markedOutOfStock: 0,
    rejections: [],
    error: null,
  };
  const progress: FeedImportProgress = {
    phase: 'reading',
    itemsRead: 0,
    itemsWritten: 0,
    itemsRejected: 0,
  };
  const linkDomains = options.linkDomains && shopDomains(options.linkDomains);
  const spoolDir = await mkdtemp(join(tmpdir(), 'ipick-feed-'));
  const spoolPath = join(spoolDir, 'offers.ndjson');
  try {
    // Recorded, so that the folder is removed even if this process dies mid-way.
    await options.db
      .updateTable('feed_imports')
      .set({ temp_dirs: sql<string[]>`array_append(temp_dirs, ${spoolDir})` })
      .where('id', '=', importId)
      .execute();
    // Pass 1: read and check.
    const spool = createWriteStream(spoolPath);
    let accepted = 0;
    try {
      for await (const item of readItems(options.input, options.format)) {
        report.itemsSeen++;
        const result = checkLinkDomain(toOffer(item), linkDomains);
        if (result.ok) {
          accepted++;
          if (!spool.write(`${JSON.stringify(result.offer)}\n`))
            await new Promise<void>((resolve) => spool.once('drain', () => resolve()));
        } else {
          report.rejected++;
          if (report.rejections.length < MAX_REPORTED_REJECTIONS) {
            report.rejections.push({
              row: report.itemsSeen,
              id: result.id,
              reasons: result.reasons,
            });
          }
        }
        progress.itemsRead = report.itemsSeen;
        progress.itemsRejected = report.rejected;
        if (report.itemsSeen % batchSize === 0) options.onProgress?.(progress);
      }
    } finally {
      spool.end();
      await finished(spool);
    }

    // Pass 2: write, batch by batch.
    progress.phase = 'writing';
    options.onProgress?.(progress);
    let batch: OfferInput[] = [];
    const flush = async () => {
      const counts = await options.repository.upsertOffers(options.retailer.id, batch, {
        importId,
      });
      report.created += counts.created;
      report.updated += counts.updated;
      report.unchanged += counts.unchanged;
      progress.itemsWritten += batch.length;
      batch = [];
      options.onProgress?.(progress);
      await recordCounts(options.db, importId, report);
    };
    const lines = createInterface({ input: createReadStream(spoolPath), crlfDelay: Infinity });
    for await (const line of lines) {
      if (line === '') continue;
      batch.push(JSON.parse(line) as OfferInput);
      if (batch.length >= batchSize) await flush();
    }
    if (batch.length > 0) await flush();
    if (options.isFullFeed && accepted > 0) {
      report.markedOutOfStock = await options.repository.markUnseenOutOfStock(
        options.retailer.id,
        importId,
      );
    }
  } catch (error) {
    report.status = 'failed';
    report.error = error instanceof Error ? error.message : String(error);
  } finally {
    await rm(spoolDir, { recursive: true, force: true });
  }
  await recordCounts(options.db, importId, report, true);
  return report;
}

/** The shop's domains, in lower case, and how a rejected row names them. */
interface ShopDomains {
  allowed: ReadonlySet<string>;
  named: string;
}

function shopDomains(domains: readonly string[]): ShopDomains {
  return {
    allowed: new Set(domains.map((domain) => domain.toLowerCase())),
    named: domains.join(', '),
  };
}

/** Turns a row whose link leaves the shop's domains into a rejected one. */
function checkLinkDomain(result: FeedItemResult, shop: ShopDomains | undefined): FeedItemResult {
  if (!result.ok || shop === undefined) return result;
  const host = new URL(result.offer.url).host;
  if (domainsOfHost(host).some((domain) => shop.allowed.has(domain))) return result;
  return {
    ok: false,
    id: result.offer.retailerProductId,
    reasons: [`link: must be on your shop's domain (${shop.named}), like the products it lists`],
  };
}

function readItems(input: Readable, format: FeedFormat): AsyncGenerator<RawFeedItem> {
  return format === 'xml' ? readXmlFeed(input) : readDelimitedFeed(input, format);
}

async function recordCounts(
  db: Kysely<DatabaseSchema>,
  importId: string,
  report: FeedImportReport,
  isFinal = false,
) {
  await db
    .updateTable('feed_imports')
    .set({
      items_seen: report.itemsSeen,
      items_created: report.created,
      items_updated: report.updated,
      items_unchanged: report.unchanged,
      items_rejected: report.rejected,
      items_marked_out_of_stock: report.markedOutOfStock,
      rejections: JSON.stringify(report.rejections),
      ...(isFinal ? { status: report.status, error: report.error, finished_at: new Date() } : {}),
    })
    .where('id', '=', importId)
    .execute();
}
