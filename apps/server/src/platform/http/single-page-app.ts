import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { withPageData } from './page-data.ts';
import { loadPageRenderer } from './page-renderer.ts';

/** What the server sends inside a page besides the build's files. */
export interface PageContent {
  /**
   * The data the page would fetch first, keyed as the web app's queries read it
   * (apps/web/src/lib/page-data.ts).
   */
  data: Record<string, unknown>;
  /**
   * The address (with its query) whose page the server renders with that data, for the
   * browser to hydrate; unset, or when the build has no renderer, the shell carries the data.
   */
  renderPath?: string;
}

interface SinglePageAppOptions {
  /** The web app's build output (index.html and assets/). */
  root: string;
  /** What to send inside the page at an address, or undefined when there is nothing. */
  pageContent?: (request: FastifyRequest, path: string) => Promise<PageContent | undefined>;
}

/**
 * Serves the built web app. Any page address that is not a file gets index.html, so deep links
 * and direct product links (`/https://www.amazon.com/...`) reach the client router; unknown
 * `/api/...` paths and missing assets stay JSON 404s. Files are sent compressed as the build
 * left them (`x.js.br`, `x.js.gz` beside `x.js`), chosen by the request's Accept-Encoding.
 */
export const singlePageAppPlugin = fp<SinglePageAppOptions>(
  async (app: FastifyInstance, { root, pageContent }) => {
    const hasBuild = existsSync(`${root}/index.html`);
    // The build's shell (header, footer and a skeleton, scripts/prerender-web.ts) for
    // every page but the landing page, which index.html holds; older builds have only index.html.
    const pageShell = existsSync(`${root}/shell.html`) ? 'shell.html' : 'index.html';
    // The same shell naming Browse's code, for its addresses.
    const shellFor = (path: string): string => {
      const page = pageShellName(path);
      return page && existsSync(`${root}/${page}`) ? page : pageShell;
    };
    // The build's server renderer for the pages sent with their content (Browse, results).
    const renderer = hasBuild
      ? await loadPageRenderer(root).catch((error: unknown) => {
          app.log.error({ err: error, root }, 'page renderer not loaded; pages get the shell');
          return undefined;
        })
      : undefined;
    if (hasBuild) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        // The server's renderer and its page templates are for the server alone.
        allowedPath: (pathName) => !pathName.startsWith('/server/'),
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

    app.setNotFoundHandler(async (request, reply) => {
      if (hasBuild && isPageRequest(request)) {
        reply.header('cache-control', 'no-cache');
        const path = request.url.split('?')[0] ?? '';
        const shellFile = shellFor(path);
        // Without its data the page is still whole: it fetches what is missing.
        const content = await pageContent?.(request, path).catch((error: unknown) => {
          request.log.warn({ err: error, path }, 'page data not read; the page will fetch it');
          return undefined;
        });
        if (!content) return reply.sendFile(shellFile);
        const { data, renderPath } = content;
        if (renderer && renderPath !== undefined) {
          try {
            const page = await renderer.render(renderPath, data);
            return await sendHtml(request, reply, withPageData(page, data));
          } catch (error) {
            // The shell with the data is the same page, drawn by the browser instead.
            request.log.error(
              { err: error, path: renderPath },
              'page not rendered; sent the shell',
            );
          }
        }
        // Read on each such request (a few KB), so that a new build is served without a restart;
        // this answer is compressed as it goes, not taken from the build's .br and .gz.
        const shell = await readFile(`${root}/${shellFile}`, 'utf8');
        return sendHtml(request, reply, withPageData(shell, data));
      }
      return sendNotFound(request, reply);
    });
  },
  { name: 'single-page-app' },
);

/**
 * The build's shell for a page address that has one of its own (scripts/prerender-web.ts):
 * Browse, which names its code for the browser to download with the entry.
 */
function pageShellName(path: string): string | undefined {
  return path === '/browse' || path.startsWith('/browse/') ? 'shell-browse.html' : undefined;
}

/** A browser navigating to a page, as opposed to a script, an asset or an API call. */
export function isPageRequest(request: FastifyRequest): boolean {
  const isRead = request.method === 'GET' || request.method === 'HEAD';
  const path = request.url.split('?')[0] ?? '';
  const isApi = path === '/api' || path.startsWith('/api/');
  // Browsers navigating ask for HTML; scripts, images and fetches do not.
  return isRead && !isApi && (request.headers.accept ?? '').includes('text/html');
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * A page made for this request, compressed as the client accepts (brotli, else gzip):
 * @fastify/compress (compression.ts) does not hook the not-found handler that sends it.
 */
async function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string) {
  const accepted = request.headers['accept-encoding'] ?? '';
  reply.type('text/html; charset=utf-8').header('vary', 'accept-encoding');
  if (/\bbr\b/.test(accepted)) {
    const body = await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (/\bgzip\b/.test(accepted)) {
    return reply.header('content-encoding', 'gzip').send(await gzipped(html));
  }
  return reply.send(html);
}

function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0];
  return reply.code(404).send({ error: `Nothing at ${request.method} ${path}`, code: 'not_found' });
}
