import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

interface SinglePageAppOptions {
  /** The web app's build output (index.html and assets/). */
  root: string;
}

/**
 * Serves the built web app. Any page address that is not a file gets index.html, so deep links
 * and direct product links (`/https://www.amazon.com/...`) reach the client router; unknown
 * `/api/...` paths and missing assets stay JSON 404s. Files are sent compressed as the build
 * left them (`x.js.br`, `x.js.gz` beside `x.js`), chosen by the request's Accept-Encoding.
 */
export const singlePageAppPlugin = fp<SinglePageAppOptions>(
  async (app: FastifyInstance, { root }) => {
    const hasBuild = existsSync(`${root}/index.html`);
    // The build's shell (header, footer and a skeleton, scripts/prerender-web.ts) for
    // every page but the landing page, which index.html holds; older builds have only index.html.
    const pageShell = existsSync(`${root}/shell.html`) ? 'shell.html' : 'index.html';
    if (hasBuild) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        // The build compressed each text file once (brotli and gzip, vite.config.ts).
        preCompressed: true,
        setHeaders(reply, path) {
          // Vite fingerprints everything under assets/; index.html must always be revalidated.
          reply.header(
            'cache-control',
            path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    } else {
      app.log.warn({ root }, 'web app build not found; run `npm run build` to serve the pages');
    }

    app.setNotFoundHandler((request, reply) => {
      if (hasBuild && isPageRequest(request)) {
        return reply.header('cache-control', 'no-cache').sendFile(pageShell);
      }
      return sendNotFound(request, reply);
    });
  },
  { name: 'single-page-app' },
);

/** A browser navigating to a page, as opposed to a script, an asset or an API call. */
export function isPageRequest(request: FastifyRequest): boolean {
  const isRead = request.method === 'GET' || request.method === 'HEAD';
  const path = request.url.split('?')[0] ?? '';
  const isApi = path === '/api' || path.startsWith('/api/');
  // Browsers navigating ask for HTML; scripts, images and fetches do not.
  return isRead && !isApi && (request.headers.accept ?? '').includes('text/html');
}

function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0];
  return reply.code(404).send({ error: `Nothing at ${request.method} ${path}`, code: 'not_found' });
}
