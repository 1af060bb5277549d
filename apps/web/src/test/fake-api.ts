import type { Business, SessionUser } from '@ipick/contracts';
import { vi } from 'vitest';

/** A JSON response, as the server would send it. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** A product-API error body (`{ error, code }`). */
export function apiError(status: number, code: string, error: string): Response {
  return json({ error, code }, status);
}

export function buildUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: '3b0f6f5e-8f0c-4a59-9d6e-0a1b2c3d4e5f',
    email: 'shopper@example.com',
    displayName: null,
    emailVerified: true,
    isAdmin: false,
    createdAt: '2025-01-02T03:04:05.000Z',
    ...overrides,
  };
}

export function buildBusiness(overrides: Partial<Business> = {}): Business {
  return {
    id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    name: 'Lamp Shop',
    domain: 'lamps.example.com',
    contactEmail: 'owner@lamps.example.com',
    status: 'active',
    createdAt: '2025-01-02T03:04:05.000Z',
    ...overrides,
  };
}

export interface FakeRequest {
  method: string;
  path: string;
  url: URL;
  /** The parsed JSON body, if any. */
  body: unknown;
}

/** Who the fake server thinks is signed in; routes may change it, as the real one would. */
export interface FakeSession {
  user: SessionUser | null;
  business: Business | null;
}

export type FakeRoute = (
  request: FakeRequest,
  session: FakeSession,
) => Response | Promise<Response>;

export interface FakeApiOptions {
  user?: SessionUser | null;
  business?: Business | null;
  /** Extra or replacement routes, keyed `"METHOD /path"`. */
  routes?: Record<string, FakeRoute>;
}

/**
 * Replaces `fetch` with a small in-memory product API: health, the shopper and merchant `/me`
 * (signed out unless given), plus the routes a test adds. Unknown routes answer 404 `not_found`.
 * This mocks only the network boundary; the app's own client, cache and components run as is.
 */
export function stubApi({ user = null, business = null, routes = {} }: FakeApiOptions = {}) {
  const session: FakeSession = { user, business };
  const allRoutes: Record<string, FakeRoute> = {
    'GET /api/health': () =>
      json({ status: 'ok', database: { kind: 'pglite', migrationVersion: 1 }, uptimeSeconds: 5 }),
    'GET /api/auth/me': () => json({ user: session.user }),
    'GET /api/business/auth/me': () => json({ business: session.business }),
    ...routes,
  };

  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? parseBody(init.body, init.headers) : undefined;
    const route = allRoutes[`${method} ${url.pathname}`];
    if (!route) return apiError(404, 'not_found', 'Not found');
    return route({ method, path: url.pathname, url, body }, session);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetch: fetchMock, session };
}

/** JSON, or a form (the OAuth token endpoint's) as an object of its fields. */
function parseBody(body: string, headers: HeadersInit | undefined): unknown {
  const type = new Headers(headers).get('content-type') ?? '';
  if (type.startsWith('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(body));
  }
  return JSON.parse(body) as unknown;
}

/** The requests the app sent, as `"METHOD /path"`. */
export function sentRequests(fetchMock: ReturnType<typeof stubApi>['fetch']): string[] {
  return fetchMock.mock.calls.map(([input, init]) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return `${init?.method ?? 'GET'} ${new URL(href, 'http://localhost').pathname}`;
  });
}
