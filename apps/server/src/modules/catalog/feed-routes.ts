import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline as connectStreams, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web';
import multipart from '@fastify/multipart';
import {
  feedUrlImportRequestSchema,
  MAX_FEED_UPLOAD_MEGABYTES,
  merchantProductsQuerySchema,
} from '@ipick/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DatabaseSchema } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { FetchRefusedError, type SafeFetcher } from '../../platform/fetcher/safe-fetcher.ts';
import { refuseCrossSiteWrites } from '../../platform/http/same-origin-writes.ts';
import { parseRequestPart } from '../../platform/http/validation.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { requireBusiness } from '../auth/business-session.ts';
import type { BusinessRecord } from '../auth/auth-repository.ts';
import { CatalogRepository } from './catalog-repository.ts';
import { beginFeedImport, runFeedImport, type FeedImportProgress } from './feeds/feed-importer.ts';
import { detectFeedFormat, type FeedFormat } from './feeds/feed-readers.ts';
import { formatOfFetchedFeed } from './feeds/import-feed-command.ts';
import { MerchantCatalogRepository } from './merchant-catalog-repository.ts';
import { MerchantCatalogService } from './merchant-catalog-service.ts';

/** Largest feed file a merchant may upload. */
export const MAX_FEED_UPLOAD_BYTES = MAX_FEED_UPLOAD_MEGABYTES * 1024 * 1024;
/** Longest a feed download by address may take, and its largest size. */
const FEED_DOWNLOAD_TIMEOUT_MS = 10 * 60 * 1000;
const FEED_DOWNLOAD_MAX_BYTES = 1024 * 1024 * 1024;
/** A running import's progress is written at most this often. */
const PROGRESS_INTERVAL_MS = 500;

interface FeedRoutesOptions {
  db: Kysely<DatabaseSchema>;
  auth: AuthService;
  /** Fetches feeds given by address (SSRF-safe). */
  fetcher: SafeFetcher;
  /** Told which offers an import repriced (price-drop alerts). */
  onOffersRepriced?: (offerIds: string[]) => void;
}

const importParams = z.object({ id: z.uuid('The import id is not valid') });

/**
 * A merchant's catalog for the dashboard. `POST /api/business/catalog/feeds` starts a feed
 * import and answers 202 at once: multipart (field `feed`, optional `full=true`) for an
 * upload, or JSON `{ url, full }` for ipick to fetch the feed. `GET .../feeds/:id` shows its
 * progress and report; `GET .../feeds` lists recent imports. `GET /api/business/products`
 * lists the shop's products with how ipick shoppers compared and clicked them.
 */
export async function feedRoutes(
  app: FastifyInstance,
  { db, auth, fetcher, onOffersRepriced }: FeedRoutesOptions,
) {
  await app.register(multipart, {
    limits: { fileSize: MAX_FEED_UPLOAD_BYTES, files: 1, fields: 5 },
  });
  app.addHook('onRequest', refuseCrossSiteWrites);
  const catalog = new CatalogRepository(db, { onOffersRepriced });
  const merchantRepository = new MerchantCatalogRepository(db);
  const merchantCatalog = new MerchantCatalogService(merchantRepository);

  /** Starts the import in the background; its progress and report go to its row. */
  async function startImport(
    business: BusinessRecord,
    feed: { input: Readable; format: FeedFormat; source: string; size: number | null },
    options: {
      isFullFeed: boolean;
      log: FastifyBaseLogger;
      /** The upload's folder, removed when the import ends (or at the next start if it dies). */
      tempDir?: string;
      cleanUp?: () => Promise<void>;
    },
  ): Promise<string> {
    const retailer = await catalog.ensureRetailer({
      key: business.domain,
      displayName: business.name,
      hosts: [business.domain],
      affiliateParam: null,
    });
    // A shop's feed lists the shop's own products: links elsewhere are turned away.
    const linkDomains = [
      business.domain.toLowerCase(),
      ...(await merchantRepository.verifiedDomains(business.id)),
    ];
    const importId = await beginFeedImport(db, retailer, feed.source, {
      isFullFeed: options.isFullFeed,
      tempDirs: options.tempDir ? [options.tempDir] : [],
    });
    const counter = new ByteCounter();
    // An error of the source (a download cut short) fails the import instead of stalling it.
    connectStreams(feed.input, counter, () => {});
    const progress = throttledProgress(importId, merchantRepository, counter, feed.size);
    void runFeedImport(importId, {
      db,
      repository: catalog,
      retailer,
      input: counter,
      format: feed.format,
      source: feed.source,
      isFullFeed: options.isFullFeed,
      linkDomains,
      onProgress: progress.report,
    })
      .then(() => progress.flushed())
      .catch((error: unknown) => options.log.error({ err: error, importId }, 'feed import failed'))
      .finally(() => void options.cleanUp?.());
    return importId;
  }

  const importsFeed = { config: { merchantAction: 'import-feed' as const } };
  app.post('/api/business/catalog/feeds', importsFeed, async (request, reply) => {
    const business = await requireBusiness(request, auth);
    if (!request.isMultipart()) {
      if (!request.headers['content-type']?.startsWith('application/json')) {
        throw new AppError(
          'unsupported_media_type',
          'Upload the feed as multipart/form-data, or send JSON with the url of your feed.',
        );
      }
      const body = parseRequestPart(feedUrlImportRequestSchema, request.body, 'body');
      const fetched = await fetchFeed(fetcher, body.url);
      const importId = await startImport(
        business,
        {
          input: Readable.fromWeb(fetched.body as NodeWebReadableStream),
          format: formatOfFetchedFeed(fetched.contentType, fetched.url),
          source: body.url,
          size: null,
        },
        { isFullFeed: body.full, log: request.log },
      );
      return reply.code(202).send({ importId });
    }

    const file = await request.file();
    if (!file || file.fieldname !== 'feed')
      throw new AppError('invalid_request', 'feed: attach the feed file');
    const fullField = file.fields.full;
    const isFullFeed =
      !Array.isArray(fullField) && fullField?.type === 'field' && fullField.value === 'true';

    // Keep the upload on disk, not in memory, and answer before the import ends.
    const dir = await mkdtemp(join(tmpdir(), 'ipick-upload-'));
    const cleanUp = () => rm(dir, { recursive: true, force: true });
    const path = join(dir, 'feed');
    await pipeline(file.file, createWriteStream(path));
    if (file.file.truncated) {
      await cleanUp();
      throw new AppError(
        'payload_too_large',
        `The feed is larger than ${MAX_FEED_UPLOAD_MEGABYTES} MB.`,
      );
    }
    const firstBytes = await readStart(path);
    const importId = await startImport(
      business,
      {
        input: createReadStream(path),
        format: detectFeedFormat(file.filename, firstBytes),
        source: file.filename || 'upload',
        size: (await stat(path)).size,
      },
      { isFullFeed, log: request.log, tempDir: dir, cleanUp },
    );
    return reply.code(202).send({ importId });
  });

  app.get('/api/business/catalog/feeds/:id', async (request, reply) => {
    const business = await requireBusiness(request, auth);
    const { id } = parseRequestPart(importParams, request.params, 'params');
    reply.header('cache-control', 'no-store');
    return merchantCatalog.findImport(business, id);
  });

  app.get('/api/business/catalog/feeds', async (request, reply) => {
    const business = await requireBusiness(request, auth);
    reply.header('cache-control', 'no-store');
    return { imports: await merchantCatalog.listImports(business) };
  });

  app.get('/api/business/products', async (request, reply) => {
    const business = await requireBusiness(request, auth);
    const query = parseRequestPart(merchantProductsQuerySchema, request.query, 'query');
    reply.header('cache-control', 'private, no-store');
    return merchantCatalog.listProducts(business, query);
  });
}

/** Fetches the feed up to its headers; a refusal is the merchant's bad address, a 400. */
async function fetchFeed(fetcher: SafeFetcher, url: string) {
  try {
    return await fetcher.fetchStream(url, 'feed', {
      timeoutMs: FEED_DOWNLOAD_TIMEOUT_MS,
      maxBytes: FEED_DOWNLOAD_MAX_BYTES,
    });
  } catch (error) {
    if (error instanceof FetchRefusedError) {
      throw new AppError('invalid_request', `url: ${error.message}`);
    }
    throw error;
  }
}

/** Counts the bytes passing through, for the progress of an upload. */
class ByteCounter extends Transform {
  bytes = 0;

  override _transform(
    chunk: Buffer,
    _encoding: BufferEncoding,
    callback: (error?: Error | null, data?: Buffer) => void,
  ) {
    this.bytes += chunk.length;
    callback(null, chunk);
  }
}

/**
 * Writes an import's progress at most every PROGRESS_INTERVAL_MS (and whenever its phase
 * changes), one write after another so that they land in order.
 */
function throttledProgress(
  importId: string,
  repository: MerchantCatalogRepository,
  counter: ByteCounter,
  size: number | null,
) {
  let chain: Promise<void> = Promise.resolve();
  let lastAt = 0;
  let lastPhase: FeedImportProgress['phase'] | null = null;
  return {
    report: (progress: FeedImportProgress) => {
      const now = Date.now();
      if (progress.phase === lastPhase && now - lastAt < PROGRESS_INTERVAL_MS) return;
      lastAt = now;
      lastPhase = progress.phase;
      const values = {
        phase: progress.phase,
        itemsSeen: progress.itemsRead,
        bytesRead: counter.bytes,
        bytesTotal: size,
      };
      // Progress is a nicety: a failed write must not fail the import.
      chain = chain.then(() => repository.recordProgress(importId, values)).catch(() => {});
    },
    flushed: () => chain,
  };
}

async function readStart(path: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of createReadStream(path, { start: 0, end: 4095 }))
    chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
