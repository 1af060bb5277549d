import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DatabaseSchema } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { refuseCrossSiteWrites } from '../../platform/http/same-origin-writes.ts';
import { parseRequestPart } from '../../platform/http/validation.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { requireBusiness } from '../auth/business-session.ts';
import { CatalogRepository } from './catalog-repository.ts';
import { beginFeedImport, runFeedImport } from './feeds/feed-importer.ts';
import { detectFeedFormat } from './feeds/feed-readers.ts';

/** Largest feed file a merchant may upload. */
export const MAX_FEED_UPLOAD_BYTES = 200 * 1024 * 1024;

interface FeedRoutesOptions {
  db: Kysely<DatabaseSchema>;
  auth: AuthService;
}

const importParams = z.object({ id: z.uuid('The import id is not valid') });

/**
 * Merchant feed uploads for the dashboard: `POST /api/business/catalog/feeds` (multipart, field
 * `feed`, optional `full=true`) starts an import and answers 202 at once; `GET .../feeds/:id`
 * shows its progress and report; `GET .../feeds` lists recent imports.
 */
export async function feedRoutes(app: FastifyInstance, { db, auth }: FeedRoutesOptions) {
  await app.register(multipart, {
    limits: { fileSize: MAX_FEED_UPLOAD_BYTES, files: 1, fields: 5 },
  });
  app.addHook('onRequest', refuseCrossSiteWrites);
  const repository = new CatalogRepository(db);

  app.post('/api/business/catalog/feeds', async (request, reply) => {
    const business = await requireBusiness(request, auth);
    if (!request.isMultipart())
      throw new AppError('unsupported_media_type', 'Upload the feed as multipart/form-data.');
    const file = await request.file();
    if (!file || file.fieldname !== 'feed')
      throw new AppError('invalid_request', 'feed: attach the feed file');
    const fullField = file.fields.full;
    const isFullFeed =
      !Array.isArray(fullField) && fullField?.type === 'field' && fullField.value === 'true';

    // Keep the upload on disk, not in memory, and answer before the import ends.
    const dir = await mkdtemp(join(tmpdir(), 'ipick-upload-'));
    const path = join(dir, 'feed');
    await pipeline(file.file, createWriteStream(path));
    if (file.file.truncated) {
      await rm(dir, { recursive: true, force: true });
      throw new AppError(
        'payload_too_large',
        `The feed is larger than ${MAX_FEED_UPLOAD_BYTES / 1024 / 1024} MB.`,
      );
    }
    const firstBytes = await readStart(path);
    const retailer = await repository.ensureRetailer({
      key: business.domain,
      displayName: business.name,
      hosts: [business.domain],
      affiliateParam: null,
    });
    const importId = await beginFeedImport(db, retailer, file.filename || 'upload');
    void runFeedImport(importId, {
      db,
      repository,
      retailer,
      input: createReadStream(path),
      format: detectFeedFormat(file.filename, firstBytes),
      source: file.filename || 'upload',
      isFullFeed,
    })
      .catch((error: unknown) => request.log.error({ err: error, importId }, 'feed import failed'))
      .finally(() => void rm(dir, { recursive: true, force: true }));
    return reply.code(202).send({ importId });
  });

  app.get('/api/business/catalog/feeds/:id', async (request, reply) => {
    const business = await requireBusiness(request, auth);
    const { id } = parseRequestPart(importParams, request.params, 'params');
    const row = await db
      .selectFrom('feed_imports as f')
      .innerJoin('retailers as r', 'r.id', 'f.retailer_id')
      .selectAll('f')
      .where('f.id', '=', id)
      .where('r.key', '=', business.domain)
      .executeTakeFirst();
    if (!row) throw new AppError('not_found', 'There is no such import for your shop.');
    reply.header('cache-control', 'no-store');
    return toImportView(row);
  });

  app.get('/api/business/catalog/feeds', async (request, reply) => {
    const business = await requireBusiness(request, auth);
    const rows = await db
      .selectFrom('feed_imports as f')
      .innerJoin('retailers as r', 'r.id', 'f.retailer_id')
      .selectAll('f')
      .where('r.key', '=', business.domain)
      .orderBy('f.started_at', 'desc')
      .limit(20)
      .execute();
    reply.header('cache-control', 'no-store');
    return { imports: rows.map(toImportView) };
  });
}

async function readStart(path: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of createReadStream(path, { start: 0, end: 4095 }))
    chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function toImportView(row: {
  id: string;
  source: string;
  status: string;
  started_at: Date;
  finished_at: Date | null;
  items_seen: number;
  items_created: number;
  items_updated: number;
  items_unchanged: number;
  items_rejected: number;
  items_marked_out_of_stock: number;
  rejections: unknown;
  error: string | null;
}) {
  return {
    id: row.id,
    source: row.source,
    status: row.status,
    startedAt: row.started_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
    itemsSeen: row.items_seen,
    created: row.items_created,
    updated: row.items_updated,
    unchanged: row.items_unchanged,
    rejected: row.items_rejected,
    markedOutOfStock: row.items_marked_out_of_stock,
    rejections: row.rejections,
    error: row.error,
  };
}
