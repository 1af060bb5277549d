import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/** What the browser says it is: a person's desktop Chrome, not a bot. */
const BROWSER_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

/**
 * Calls the product API like a browser on ipick's own pages: keeps the cookies the server
 * sets and sends a same-origin `Origin` header with every write.
 */
export function browserSession(app: FastifyInstance, origin = 'http://localhost:3000') {
  const cookies = new Map<string, string>();
  const host = new URL(origin).host;

  async function request(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const cookieHeader = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const options: InjectOptions = {
      method,
      url,
      headers: {
        host,
        'user-agent': BROWSER_USER_AGENT,
        ...(method === 'GET' ? {} : { origin }),
        ...(cookieHeader ? { cookie: cookieHeader } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: body as object }),
    };
    const response = await app.inject(options);
    for (const cookie of response.cookies) {
      if (
        cookie.maxAge === 0 ||
        cookie.value === '' ||
        (cookie.expires && cookie.expires.getTime() < Date.now())
      ) {
        cookies.delete(cookie.name);
      } else {
        cookies.set(cookie.name, cookie.value);
      }
    }
    return response;
  }

  return {
    get: (url: string, headers?: Record<string, string>) => request('GET', url, undefined, headers),
    post: (url: string, body?: unknown, headers?: Record<string, string>) =>
      request('POST', url, body ?? {}, headers),
    patch: (url: string, body: unknown) => request('PATCH', url, body),
    delete: (url: string) => request('DELETE', url),
    cookies,
  };
}
