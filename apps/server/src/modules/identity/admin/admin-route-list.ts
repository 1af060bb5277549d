import { ADMIN_TIER_ROUTES } from './routes.ts';

/**
 * Lists an admin-only route of another capability (webhooks, payments, AI chat) in
 * ADMIN_TIER_ROUTES, which the tier check's test walks; once, however often the routes are
 * registered.
 */
export function listAdminRoute(method: string, url: string): void {
  if (!ADMIN_TIER_ROUTES.some((route) => route.method === method && route.url === url)) {
    ADMIN_TIER_ROUTES.push({ method, url });
  }
}
