import { performance } from 'node:perf_hooks';
import { RETAILERS, RETAILER_KEYS } from '@ipick/core';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../platform/db/schema.ts';
import { CatalogRepository } from '../catalog/catalog-repository.ts';
import {
  generateDemoCatalog,
  type DemoCatalogOptions,
  type DemoOffer,
} from './catalog-generator.ts';
import type { DemoRetailerKey } from './catalog-retailers.ts';

export interface DemoCatalogProgress {
  /** Products generated so far. */
  products: number;
  /** Offers written so far. */
  offers: number;
}

export interface DemoCatalogLoadOptions extends DemoCatalogOptions {
  /** Offers per upsert (one retailer, one transaction). */
  batchSize?: number;
  /** When the offers are seen; history points lie `daysAgo` days before it. */
  now?: Date;
  /** Called after each batch is written. */
  onProgress?: (progress: DemoCatalogProgress) => void;
}

export interface DemoCatalogLoadResult {
  products: number;
  offers: number;
  /** Price observations written: one per new offer plus its history. */
  observations: number;
  created: number;
  updated: number;
  unchanged: number;
  ms: number;
}

const DEFAULT_BATCH_SIZE = 500;
/** Rows per history insert: 5 parameters each, well under PostgreSQL's 65,535. */
const HISTORY_CHUNK = 4_000;
const DAY_MS = 86_400_000;

/**
 * Creates the nine retailers of spec §3 or brings their names and hosts up to date, with the
 * affiliate parameter names of spec §9 (ids stay unset until an admin sets them).
 * Returns their ids by key.
 */
export async function ensureDemoRetailers(
  repository: CatalogRepository,
): Promise<Map<DemoRetailerKey, string>> {
  const ids = new Map<DemoRetailerKey, string>();
  for (const key of RETAILER_KEYS) {
    const retailer = RETAILERS[key];
    const record = await repository.ensureRetailer({
      key,
      displayName: retailer.name,
      hosts: [...retailer.hosts],
      affiliateParam: retailer.affiliateParameter,
    });
    ids.set(key, record.id);
  }
  return ids;
}

/**
 * Loads the demo catalog: the retailers, then the generated offers per retailer in batches
 * through CatalogRepository.upsertOffers (which links them to products by GTIN and MPN), then
 * the price history of the offers it created. Generation streams, so memory stays flat for a
 * million offers; the next batch is generated while the database writes the last one.
 *
 * Loading the same catalog again changes nothing: offers come back unchanged and no history
 * is added for offers that already existed.
 */
export async function loadDemoCatalog(
  db: Kysely<DatabaseSchema>,
  options: DemoCatalogLoadOptions = {},
): Promise<DemoCatalogLoadResult> {
  const started = performance.now();
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    throw new RangeError('batchSize must be a positive integer');
  }
  const now = options.now ?? new Date();
  const repository = new CatalogRepository(db);
  const retailerIds = await ensureDemoRetailers(repository);
  const result: DemoCatalogLoadResult = {
    products: 0,
    offers: 0,
    observations: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    ms: 0,
  };
  let written = 0;

  const write = async (retailer: DemoRetailerKey, batch: DemoOffer[]): Promise<void> => {
    const retailerId = retailerIds.get(retailer)!;
    const productIds = batch.map(({ offer }) => offer.retailerProductId);
    const existing = await repository.offerIdsOf(retailerId, productIds);
    const counts = await repository.upsertOffers(
      retailerId,
      batch.map(({ offer }) => offer),
      { seenAt: now },
    );
    result.created += counts.created;
    result.updated += counts.updated;
    result.unchanged += counts.unchanged;
    // upsertOffers records the current price of every new offer.
    result.observations += counts.created;
    if (counts.created > 0) {
      const fresh = batch.filter(({ offer }) => !existing.has(offer.retailerProductId));
      const ids = await repository.offerIdsOf(
        retailerId,
        fresh.map(({ offer }) => offer.retailerProductId),
      );
      const points = fresh.flatMap(({ offer, history }) =>
        history.map((point) => ({
          offerId: ids.get(offer.retailerProductId)!,
          observedAt: new Date(now.getTime() - point.daysAgo * DAY_MS),
          priceMinor: point.priceMinor,
          currency: offer.currency!,
          availability: point.availability,
        })),
      );
      for (let start = 0; start < points.length; start += HISTORY_CHUNK) {
        await repository.insertPriceHistory(points.slice(start, start + HISTORY_CHUNK));
      }
      result.observations += points.length;
    }
    written += batch.length;
    options.onProgress?.({ products: result.products, offers: written });
  };

  // One batch is written while the next is generated; writes stay in order.
  let pending: Promise<void> = Promise.resolve();
  const enqueue = async (retailer: DemoRetailerKey, batch: DemoOffer[]) => {
    await pending;
    pending = write(retailer, batch);
    // Awaited before the next write or at the end; this only keeps a failure from being
    // reported as unhandled while the generator runs.
    pending.catch(() => undefined);
  };

  const buffers = new Map<DemoRetailerKey, DemoOffer[]>();
  for (const product of generateDemoCatalog(options)) {
    result.products++;
    for (const offer of product.offers) {
      result.offers++;
      const buffer = buffers.get(offer.retailer) ?? [];
      buffer.push(offer);
      buffers.set(offer.retailer, buffer);
      if (buffer.length >= batchSize) {
        buffers.set(offer.retailer, []);
        await enqueue(offer.retailer, buffer);
      }
    }
  }
  for (const [retailer, buffer] of buffers) {
    if (buffer.length > 0) await enqueue(retailer, buffer);
  }
  await pending;
  result.ms = Math.round(performance.now() - started);
  return result;
}
