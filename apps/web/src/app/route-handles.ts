import type { UIMatch } from 'react-router';

/**
 * The `handle` of merchants' pages: the route around those behind a business session, and the
 * tracking test pages, which anyone may open.
 */
export const merchantAreaHandle = { area: 'merchant' } as const;

/** Whether the current page is a merchant page (inside the route with `merchantAreaHandle`). */
export function isMerchantArea(matches: readonly UIMatch[]): boolean {
  return matches.some(
    (match) => (match.handle as { area?: unknown } | undefined)?.area === merchantAreaHandle.area,
  );
}
