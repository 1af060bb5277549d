import { Agent, fetch, type Response } from 'undici';
import { ConfigError } from '../config.ts';
import { capBody } from './capped-body.ts';
import { decodeBody } from './charset.ts';
import { createCheckedLookup, systemResolver, type HostResolver } from './checked-lookup.ts';
import {
  ACCEPT_HEADERS,
  isAcceptedType,
  parseContentType,
  type AcceptKind,
  type ContentType,
} from './content-type.ts';
import { FetchRefusedError } from './fetch-refused-error.ts';
import { checkRedirectTarget, checkTargetUrl } from './url-policy.ts';

export { FetchRefusedError, type FetchRefusalReason } from './fetch-refused-error.ts';
export type { AcceptKind } from './content-type.ts';
export type { HostResolver, ResolvedAddress } from './checked-lookup.ts';

export const DEFAULT_USER_AGENT = 'ipick/0.1 (+https://ipick.example/bot)';
export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
export const MAX_REDIRECTS = 5;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const TIMEOUT_CODES = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

export interface SafeFetcherOptions {
  /** Allow loopback and private-network targets: tests and local demos only. Default false. */
  allowPrivate?: boolean;
  /** Total time for one fetch, redirects and body included. Default 10 s. */
  timeoutMs?: number;
  /** Largest body accepted (after decompression). Default 5 MB. */
  maxBytes?: number;
  userAgent?: string;
  /** DNS for host names; the system resolver by default. Every answer is checked. */
  lookup?: HostResolver;
}

/** Per-call overrides, e.g. a longer time and a bigger cap for a merchant feed. */
export interface FetchCallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  maxBytes?: number;
}

export interface FetchedText {
  /** The final URL, after redirects. */
  url: string;
  status: number;
  /** The media type, lower case and without parameters (`text/html`). */
  contentType: string;
  /** The encoding the body was decoded with (`utf-8`, `windows-1252`, `shift_jis`, ...). */
  encoding: string;
  text: string;
  /** Body bytes received, after any Content-Encoding was undone. */
  bytes: number;
}

export interface FetchedStream {
  /** The final URL, after redirects. */
  url: string;
  status: number;
  /** The media type, lower case and without parameters (`text/csv`). */
  contentType: string;
  /** The Content-Type charset parameter, when the server sent one. */
  charset: string | null;
  /** The body, erroring with a FetchRefusedError past `maxBytes` or the time limit. */
  body: ReadableStream<Uint8Array>;
}

export interface SafeFetcher {
  /** Fetches a page or a feed and decodes it to text. Throws FetchRefusedError. */
  fetchText(url: string, accept: AcceptKind, options?: FetchCallOptions): Promise<FetchedText>;
  /**
   * Fetches a page or a feed for streaming. Throws FetchRefusedError until the headers are in;
   * then the body stream errors with one. Cancel the body when not reading it to the end.
   */
  fetchStream(url: string, accept: AcceptKind, options?: FetchCallOptions): Promise<FetchedStream>;
  /** Closes pooled connections, after in-flight requests end. */
  close(): Promise<void>;
}

/** The fetcher's settings from the environment: IPICK_FETCH_ALLOW_PRIVATE=1 allows private targets. */
export function fetcherOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): SafeFetcherOptions {
  const value = env.IPICK_FETCH_ALLOW_PRIVATE ?? '';
  if (value !== '' && value !== '0' && value !== '1') {
    throw new ConfigError([
      `IPICK_FETCH_ALLOW_PRIVATE: must be '0' or '1' (got ${JSON.stringify(value)})`,
    ]);
  }
  return { allowPrivate: value === '1' };
}

interface Deadline {
  signal: AbortSignal;
  clear(): void;
}

/** One abort signal for the whole fetch: the time limit, or the caller's own signal. */
function startDeadline(timeoutMs: number, outer: AbortSignal | undefined): Deadline {
  const controller = new AbortController();
  const timer = setTimeout(() => {
    const detail = `no complete answer within ${timeoutMs} ms`;
    controller.abort(new FetchRefusedError('timeout', { detail }));
  }, timeoutMs);
  timer.unref();
  const onOuterAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) onOuterAbort();
  else outer?.addEventListener('abort', onOuterAbort, { once: true });
  return {
    signal: controller.signal,
    clear() {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuterAbort);
    },
  };
}

/** Turns whatever undici threw into a FetchRefusedError (or the caller's own abort reason). */
function toFetchError(error: unknown, url: URL, signal: AbortSignal): unknown {
  if (signal.aborted) {
    const reason: unknown = signal.reason;
    return reason instanceof FetchRefusedError ? reason.withLocation(url.href) : reason;
  }
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 8; depth += 1) {
    // A refusal from the checked DNS lookup arrives as the cause of undici's "fetch failed".
    if (current instanceof FetchRefusedError) return current.withLocation(url.href);
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && TIMEOUT_CODES.has(code)) {
      return new FetchRefusedError('timeout', { url: url.href, detail: code, cause: error });
    }
    current = current.cause;
  }
  const detail = error instanceof Error ? `${error.message} (${String(error.cause)})` : undefined;
  return new FetchRefusedError('network', { url: url.href, detail, cause: error });
}

function discard(response: Response): void {
  response.body?.cancel().catch(() => undefined);
}

/** Builds the fetcher for user-supplied links (spec: "Reading a product page → The fetcher"). */
export function createSafeFetcher(options: SafeFetcherOptions = {}): SafeFetcher {
  const policy = { allowPrivate: options.allowPrivate ?? false };
  const defaultTimeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const defaultMaxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
  const agent = new Agent({
    connect: {
      lookup: createCheckedLookup(options.lookup ?? systemResolver, policy),
      timeout: defaultTimeoutMs,
    },
  });

  /** Follows redirects by hand, checking each hop, up to a 2xx response of an accepted type. */
  async function openResponse(
    input: string,
    accept: AcceptKind,
    maxBytes: number,
    signal: AbortSignal,
  ): Promise<{ response: Response; url: URL; contentType: ContentType }> {
    let { url } = checkTargetUrl(input, policy);
    for (let redirects = 0; ; redirects += 1) {
      let response: Response;
      try {
        response = await fetch(url, {
          dispatcher: agent,
          redirect: 'manual',
          signal,
          headers: { 'user-agent': userAgent, accept: ACCEPT_HEADERS[accept] },
        });
      } catch (error) {
        throw toFetchError(error, url, signal);
      }
      const status = response.status;
      const location = REDIRECT_STATUSES.has(status) ? response.headers.get('location') : null;
      if (location !== null) {
        discard(response);
        if (redirects >= MAX_REDIRECTS) {
          const detail = `more than ${MAX_REDIRECTS} redirects`;
          throw new FetchRefusedError('too_many_redirects', { url: url.href, status, detail });
        }
        url = checkRedirectTarget(location, url, policy).url;
        continue;
      }
      if (status < 200 || status > 299) {
        discard(response);
        throw new FetchRefusedError('http_status', {
          message: `That website answered with an error (HTTP ${status}) instead of the page.`,
          url: url.href,
          status,
        });
      }
      const header = response.headers.get('content-type');
      const contentType = parseContentType(header);
      if (!contentType || !isAcceptedType(contentType.mimeType, accept)) {
        discard(response);
        const detail = `content type ${header ?? '(none)'} is not accepted for ${accept}`;
        throw new FetchRefusedError('content_type', { url: url.href, status, detail });
      }
      const declaredLength = Number(response.headers.get('content-length') ?? 0);
      if (declaredLength > maxBytes) {
        discard(response);
        const detail = `declared length ${declaredLength} exceeds ${maxBytes} bytes`;
        throw new FetchRefusedError('too_large', { url: url.href, status, detail });
      }
      return { response, url, contentType };
    }
  }

  async function fetchStream(
    input: string,
    accept: AcceptKind,
    call: FetchCallOptions = {},
  ): Promise<FetchedStream> {
    const maxBytes = call.maxBytes ?? defaultMaxBytes;
    const deadline = startDeadline(call.timeoutMs ?? defaultTimeoutMs, call.signal);
    try {
      const { response, url, contentType } = await openResponse(
        input,
        accept,
        maxBytes,
        deadline.signal,
      );
      const source = response.body ?? new ReadableStream<Uint8Array>({ start: (c) => c.close() });
      const body = capBody(source, {
        maxBytes,
        url: url.href,
        toError: (error) => toFetchError(error, url, deadline.signal),
        // The time limit runs until the body is read to the end, failed or cancelled.
        onEnd: () => deadline.clear(),
      });
      return {
        url: url.href,
        status: response.status,
        contentType: contentType.mimeType,
        charset: contentType.charset,
        body,
      };
    } catch (error) {
      deadline.clear();
      throw error;
    }
  }

  async function fetchText(
    input: string,
    accept: AcceptKind,
    call: FetchCallOptions = {},
  ): Promise<FetchedText> {
    const fetched = await fetchStream(input, accept, call);
    const chunks: Uint8Array[] = [];
    let bytes = 0;
    for await (const chunk of fetched.body) {
      chunks.push(chunk);
      bytes += chunk.byteLength;
    }
    const { text, encoding } = decodeBody(
      Buffer.concat(chunks, bytes),
      fetched.charset,
      fetched.contentType,
    );
    return {
      url: fetched.url,
      status: fetched.status,
      contentType: fetched.contentType,
      encoding,
      text,
      bytes,
    };
  }

  return {
    fetchText,
    fetchStream,
    close: () => agent.close(),
  };
}
