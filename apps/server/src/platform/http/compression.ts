import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Routes left uncompressed, whose requests are not decompressed either. The outbound redirect
 * answers 302s without a body on ipick's busiest path (bench/redirect.ts), and its GET has no
 * body: compression has nothing to gain there, and its hooks would cost every click.
 */
const UNCOMPRESSED_ROUTES = new Set(['/api/redirect']);

/**
 * Compresses answers the routes make (JSON, HTML pages, CSV): brotli where the client accepts
 * it, gzip otherwise, above 1 KB. The web app's built files are not compressed here: the
 * build writes a .br and a .gz beside each one, which the single-page-app plugin sends as they
 * are, and an answer that already has a content encoding is left alone.
 * Register it before the routes: it adds its hooks to each route as the route is declared.
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    // Runs before @fastify/compress's own onRoute hook, which reads the route's `compress`.
    app.addHook('onRoute', (route) => {
      if (!UNCOMPRESSED_ROUTES.has(route.url)) return;
      route.compress = false;
      route.decompress = false;
    });
    await app.register(fastifyCompress, { encodings: ['br', 'gzip'] });
  },
  { name: 'compression' },
);
