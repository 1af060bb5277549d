import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, lazySchema, NetworkError } from './api-client';

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('apiFetch', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends cookies and JSON, and returns the parsed body', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(jsonResponse({ ok: true }));
    const apiFetch = createApiClient({ fetchImpl });

    await expect(
      apiFetch('/api/things', { method: 'POST', body: { name: 'lamp' } }),
    ).resolves.toEqual({ ok: true });

    const [path, init] = fetchImpl.mock.calls[0]!;
    expect(path).toBe('/api/things');
    expect(init?.credentials).toBe('include');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"name":"lamp"}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('includes credentials on GET requests too', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(jsonResponse({}));
    await createApiClient({ fetchImpl })('/api/me');
    expect(fetchImpl.mock.calls[0]![1]?.credentials).toBe('include');
    expect(fetchImpl.mock.calls[0]![1]?.body).toBeUndefined();
  });

  it('retries a GET after network errors: 5 attempts, delays 1000, 2000, 4000, 8000 ms', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    const apiFetch = createApiClient({ fetchImpl });
    const result = apiFetch('/api/health');
    const settled = result.catch((error: unknown) => error);

    await vi.advanceTimersByTimeAsync(0);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    for (const [delay, callsAfter] of [
      [1000, 2],
      [2000, 3],
      [4000, 4],
      [8000, 5],
    ] as const) {
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(fetchImpl).toHaveBeenCalledTimes(callsAfter - 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchImpl).toHaveBeenCalledTimes(callsAfter);
    }

    const error = await settled;
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toBe('Network error occurred');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchImpl).toHaveBeenCalledTimes(5);
  });

  it('returns the answer of a retry that succeeds', async () => {
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(jsonResponse({ status: 'ok' }));
    const result = createApiClient({ fetchImpl, baseDelayMs: 10 })('/api/health', {
      method: 'PUT',
    });
    await vi.advanceTimersByTimeAsync(10);
    await expect(result).resolves.toEqual({ status: 'ok' });
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('never retries a POST', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    const result = createApiClient({ fetchImpl })('/api/auth/login', {
      method: 'POST',
      body: { email: 'a@example.com', password: 'x' },
    });
    await expect(result).rejects.toBeInstanceOf(NetworkError);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('does not retry an HTTP error answer', async () => {
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockResolvedValue(
        jsonResponse({ error: 'Down for maintenance', code: 'service_unavailable' }, 503),
      );
    await expect(createApiClient({ fetchImpl })('/api/health')).rejects.toBeInstanceOf(ApiError);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('turns an error body into an ApiError with its status, code and message', async () => {
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockResolvedValue(
        jsonResponse({ error: 'Email is required', code: 'invalid_request' }, 400),
      );
    const error = await createApiClient({ fetchImpl })('/api/auth/register', {
      method: 'POST',
      body: {},
    }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'invalid_request',
      message: 'Email is required',
    });
  });

  it('gives a generic ApiError when the error body is not JSON', async () => {
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await createApiClient({ fetchImpl })('/api/health').catch(
      (caught: unknown) => caught,
    );

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, code: 'http_error' });
    expect((error as Error).message).toMatch(/502/);
  });

  it('gives a generic ApiError when the JSON error body has another shape', async () => {
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockResolvedValue(jsonResponse({ message: 'nope' }, 500));
    await expect(createApiClient({ fetchImpl })('/api/x')).rejects.toMatchObject({
      status: 500,
      code: 'http_error',
    });
  });

  it('validates the success body with the given schema', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(jsonResponse({ count: 'three' }));
    const schema = {
      parse(input: unknown): { count: number } {
        const count = (input as { count: unknown }).count;
        if (typeof count !== 'number') throw new Error('count must be a number');
        return { count };
      },
    };
    await expect(createApiClient({ fetchImpl })('/api/count', { schema })).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });

  it('validates with a schema loaded alongside the request, loaded once', async () => {
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(jsonResponse({ count: 3 }))
      .mockResolvedValueOnce(jsonResponse({ count: 'three' }));
    const load = vi.fn(() =>
      Promise.resolve({
        parse(input: unknown): { count: number } {
          const count = (input as { count: unknown }).count;
          if (typeof count !== 'number') throw new Error('count must be a number');
          return { count };
        },
      }),
    );
    const schema = lazySchema(load);
    const apiFetch = createApiClient({ fetchImpl });

    await expect(apiFetch('/api/count', { schema })).resolves.toEqual({ count: 3 });
    await expect(apiFetch('/api/count', { schema })).rejects.toMatchObject({
      code: 'invalid_response',
    });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says Network error when a lazy schema cannot be downloaded, and tries it again next time', async () => {
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockImplementation(() => Promise.resolve(jsonResponse({ count: 3 })));
    const load = vi
      .fn<() => Promise<{ parse: (input: unknown) => unknown }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ parse: (input) => input });
    const schema = lazySchema(load);
    const apiFetch = createApiClient({ fetchImpl });

    await expect(apiFetch('/api/count', { schema })).rejects.toThrow(NetworkError);
    await expect(apiFetch('/api/count', { schema })).resolves.toEqual({ count: 3 });
  });

  it('returns undefined for an empty success answer', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(new Response(null, { status: 204 }));
    await expect(
      createApiClient({ fetchImpl })('/api/auth/logout', { method: 'POST' }),
    ).resolves.toBeUndefined();
  });

  it('does not retry or wrap an aborted request', async () => {
    const controller = new AbortController();
    const abortError = new DOMException('The operation was aborted.', 'AbortError');
    const fetchImpl = vi.fn<typeof fetch>().mockImplementation(() => {
      controller.abort(abortError);
      return Promise.reject(abortError);
    });
    await expect(
      createApiClient({ fetchImpl })('/api/health', { signal: controller.signal }),
    ).rejects.toBe(abortError);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('stops waiting to retry when the request is aborted', async () => {
    const controller = new AbortController();
    const fetchImpl = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    const result = createApiClient({ fetchImpl })('/api/health', { signal: controller.signal });
    const settled = result.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(500);
    controller.abort();
    expect(await settled).toMatchObject({ name: 'AbortError' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });
});
