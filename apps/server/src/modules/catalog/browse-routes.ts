import { browseQuerySchema } from '@ipick/contracts';
import type { FastifyInstance } from 'fastify';
import { parseRequestPart } from '../../platform/http/validation.ts';
import type { BrowseService } from './browse-service.ts';

/**
 * The public catalog: `GET /api/catalog/categories`, `GET /api/catalog/products` (`/browse`)
 * and `GET /api/compare/examples`, the catalog links the landing pages offer to try (they work
 * offline on the demo catalog).
 */
export async function browseRoutes(app: FastifyInstance, { browse }: { browse: BrowseService }) {
  app.get('/api/catalog/categories', async () => ({
    categories: await browse.listCategories(),
  }));

  app.get('/api/catalog/products', async (request) => {
    const query = parseRequestPart(browseQuerySchema, request.query, 'query');
    return browse.browse(query);
  });

  app.get('/api/compare/examples', async () => ({ examples: await browse.listExamples() }));
}
