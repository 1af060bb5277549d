/** A non-2xx answer from the product API. `code` is the API's snake_case code when it sent one. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  /** What the server said the next step needs, e.g. `attemptCode` with `mfa_required`. */
  readonly details: Readonly<Record<string, unknown>>;

  constructor(
    status: number,
    code: string,
    message: string,
    details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

/** The request never got an answer (offline, DNS, connection reset). Message per spec §8. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';

  constructor(options?: { cause?: unknown }) {
    super('Network error occurred', options);
  }
}

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/** Anything with zod's `parse`; keeps this module free of a direct zod dependency. */
export interface ResponseSchema<T> {
  parse(input: unknown): T;
}

/**
 * A schema that loads with its request instead of with the page (`lazySchema`): the
 * validation library and the contracts are then no part of the page's first load. The
 * loading starts when the request does, so it costs no time while the answer is on its way.
 */
export interface LazyResponseSchema<T> {
  load(): Promise<ResponseSchema<T>>;
}

/** Wraps a dynamic import of a schema; it is loaded once, by the first request that needs it. */
export function lazySchema<T>(load: () => Promise<ResponseSchema<T>>): LazyResponseSchema<T> {
  let loading: Promise<ResponseSchema<T>> | undefined;
  return {
    load() {
      loading ??= load().catch((error: unknown) => {
        // A failed chunk download is tried again by the next request.
        loading = undefined;
        throw error;
      });
      return loading;
    },
  };
}

// The product API's `{ error, code }` body of a failed call, read only when a call fails.
const apiErrorBodySchema = lazySchema(() =>
  import('@ipick/contracts').then((contracts) => contracts.apiErrorBodySchema),
);

export interface ApiFetchOptions<T> {
  method?: HttpMethod;
  /** Sent as JSON; a `FormData` (a file upload) is sent as multipart instead. */
  body?: unknown;
  signal?: AbortSignal;
  /** Validates the success body; without it the body is returned as parsed JSON. */
  schema?: ResponseSchema<T> | LazyResponseSchema<T>;
}

export interface ApiClientOptions {
  /** Defaults to the global fetch, looked up per call so tests can replace it. */
  fetchImpl?: typeof fetch;
  /** First retry delay; each later retry doubles it (spec §9: base 1000 ms). */
  baseDelayMs?: number;
  /** Attempts in total, the first included (spec §9: 5). */
  maxAttempts?: number;
}

export const RETRY_BASE_DELAY_MS = 1000;

/** Codes this client gives an `ApiError` itself, when the server sent no `{ error, code }` body. */
export const HTTP_ERROR_CODE = 'http_error';
export const INVALID_RESPONSE_CODE = 'invalid_response';
export const MAX_ATTEMPTS = 5;

// Repeating these cannot apply a change twice, so a lost answer can be asked for again (§8).
const idempotentMethods = new Set<HttpMethod>(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

export type ApiFetch = <T = unknown>(path: string, options?: ApiFetchOptions<T>) => Promise<T>;

/** Builds the SPA's HTTP client. The app uses the shared `apiFetch` below. */
export function createApiClient({
  fetchImpl,
  baseDelayMs = RETRY_BASE_DELAY_MS,
  maxAttempts = MAX_ATTEMPTS,
}: ApiClientOptions = {}): ApiFetch {
  const doFetch: typeof fetch = fetchImpl ?? ((input, init) => globalThis.fetch(input, init));

  return async function apiFetch<T = unknown>(
    path: string,
    { method = 'GET', body, signal, schema }: ApiFetchOptions<T> = {},
  ): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
    // The browser sets a form's multipart Content-Type itself, boundary included.
    if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
    const init: RequestInit = {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal,
    };
    const attempts = idempotentMethods.has(method) ? Math.max(1, maxAttempts) : 1;
    // A lazy schema downloads while the request is on its way.
    const schemaReady = schema && 'load' in schema ? loadSchema(schema) : schema;

    for (let attempt = 1; ; attempt += 1) {
      let response: Response;
      try {
        response = await doFetch(path, init);
      } catch (error) {
        if (signal?.aborted || isAbortError(error)) throw error;
        if (attempt >= attempts) throw new NetworkError({ cause: error });
        await sleep(baseDelayMs * 2 ** (attempt - 1), signal);
        continue;
      }
      return readResponse(response, schemaReady);
    }
  };
}

/** The SPA's one HTTP client for the product API (cookies included, JSON in and out). */
export const apiFetch: ApiFetch = createApiClient();

/** Loads a lazy schema; a failed download (offline) is the network error the user sees. */
/** The schema itself, or a lazy one once loaded (a failed download is a network error). */
export function resolveSchema<T>(
  schema: ResponseSchema<T> | LazyResponseSchema<T>,
): Promise<ResponseSchema<T>> {
  return 'load' in schema ? loadSchema(schema) : Promise.resolve(schema);
}

function loadSchema<T>(schema: LazyResponseSchema<T>): Promise<ResponseSchema<T>> {
  const loading = schema.load().catch((error: unknown) => {
    throw new NetworkError({ cause: error });
  });
  // Until the answer arrives nobody awaits it; a failed request must not leave it unhandled.
  loading.catch(() => undefined);
  return loading;
}

async function readResponse<T>(
  response: Response,
  schemaReady: ResponseSchema<T> | Promise<ResponseSchema<T>> | undefined,
): Promise<T> {
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204 || response.status === 205) return undefined as T;
  const text = await response.text();
  if (text === '') return undefined as T;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ApiError(
      response.status,
      INVALID_RESPONSE_CODE,
      'The server sent a response we could not read.',
    );
  }
  if (!schemaReady) return data as T;
  const schema = await schemaReady;
  try {
    return schema.parse(data);
  } catch {
    throw new ApiError(
      response.status,
      INVALID_RESPONSE_CODE,
      'The server sent an unexpected response.',
    );
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  let data: unknown = null;
  try {
    data = JSON.parse(await response.text());
  } catch {
    // Not JSON (a proxy's HTML error page, an empty body): fall through to the generic message.
  }
  const body = await apiErrorBodySchema
    .load()
    .then((schema) => schema.parse(data))
    .catch(() => null);
  if (body) return new ApiError(response.status, body.code, body.error, body.details);
  return new ApiError(
    response.status,
    HTTP_ERROR_CODE,
    `The request failed (HTTP ${String(response.status)}). Please try again.`,
  );
}

function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
