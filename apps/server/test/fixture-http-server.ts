import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/** Answers one request; it may write slowly, or never finish. */
export type FixtureHandler = (
  request: IncomingMessage,
  response: ServerResponse,
) => void | Promise<void>;

/** A request as the server saw it. */
export interface FixtureRequest {
  method: string;
  /** Path and query, as sent. */
  path: string;
  headers: IncomingHttpHeaders;
}

export interface FixtureHttpServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  port: number;
  /** `origin + path` */
  url(path: string): string;
  /** Every request so far, in arrival order. */
  requests: FixtureRequest[];
  close(): Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1 (a free port) serving the given routes, keyed by path without
 * the query. Unknown paths get a plain 404. Build routes with `page`, `redirect`, `delayed` and
 * `streamedBody`, or write a handler by hand.
 */
export async function startFixtureHttpServer(
  routes: Record<string, FixtureHandler>,
): Promise<FixtureHttpServer> {
  const requests: FixtureRequest[] = [];
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    requests.push({ method: request.method ?? 'GET', path, headers: request.headers });
    const handler = routes[new URL(path, 'http://fixture.invalid').pathname];
    if (!handler) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    Promise.resolve(handler(request, response)).catch((error: unknown) => {
      response.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    port,
    url: (path) => `${origin}${path}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export interface PageOptions {
  /** The Content-Type header; null sends none. Default `text/html; charset=utf-8`. */
  contentType?: string | null;
  status?: number;
  headers?: Record<string, string>;
}

/** A complete response with a fixed body. */
export function page(body: string | Uint8Array, options: PageOptions = {}): FixtureHandler {
  return (_request, response) => {
    const contentType =
      options.contentType === undefined ? 'text/html; charset=utf-8' : options.contentType;
    const headers: Record<string, string> = { ...options.headers };
    if (contentType !== null) headers['content-type'] = contentType;
    response.writeHead(options.status ?? 200, headers).end(body);
  };
}

/** A redirect to `location` (absolute or relative, sent as is). */
export function redirect(location: string, status = 302): FixtureHandler {
  return (_request, response) => {
    response.writeHead(status, { location }).end();
  };
}

/** Waits before answering; the wait ends early if the client goes away. */
export function delayed(delayMs: number, handler: FixtureHandler): FixtureHandler {
  return async (request, response) => {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, delayMs);
      response.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    if (!response.destroyed) await handler(request, response);
  };
}

/** What a streamed body managed to send before it ended or the client hung up. */
export interface StreamStats {
  /** Bytes the server handed to the socket. */
  bytesWritten: number;
  hasClientHungUp: boolean;
  isFinished: boolean;
}

export interface StreamedBodyOptions {
  contentType?: string;
  /** Stop after this many bytes; endless when omitted. */
  totalBytes?: number;
  chunkBytes?: number;
  /** Send Content-Length (requires totalBytes); otherwise the body is chunked. */
  declareLength?: boolean;
  /** A pause between chunks, for a server that trickles. */
  pauseMs?: number;
}

/**
 * A body generated chunk by chunk as the socket drains (so a 50 MB or endless body costs the
 * test nothing), counting what was sent.
 */
export function streamedBody(options: StreamedBodyOptions = {}): {
  handler: FixtureHandler;
  stats: StreamStats;
} {
  const stats: StreamStats = { bytesWritten: 0, hasClientHungUp: false, isFinished: false };
  const chunkBytes = options.chunkBytes ?? 64 * 1024;
  const chunk = Buffer.alloc(chunkBytes, 'a');
  const handler: FixtureHandler = async (_request, response) => {
    const headers: Record<string, string> = {
      'content-type': options.contentType ?? 'text/html; charset=utf-8',
    };
    if (options.declareLength && options.totalBytes !== undefined) {
      headers['content-length'] = String(options.totalBytes);
    }
    response.writeHead(200, headers);
    response.once('close', () => {
      if (!response.writableFinished) stats.hasClientHungUp = true;
    });
    const total = options.totalBytes ?? Number.POSITIVE_INFINITY;
    while (stats.bytesWritten < total && !response.destroyed) {
      const size = Math.min(chunkBytes, total - stats.bytesWritten);
      stats.bytesWritten += size;
      const canContinue = response.write(size === chunkBytes ? chunk : chunk.subarray(0, size));
      if (!canContinue) {
        await new Promise<void>((resolve) => {
          const done = () => {
            response.off('drain', done).off('close', done);
            resolve();
          };
          response.on('drain', done).on('close', done);
        });
      }
      if (options.pauseMs) await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
    }
    if (!response.destroyed) {
      response.end();
      stats.isFinished = true;
    }
  };
  return { handler, stats };
}
