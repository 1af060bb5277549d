// Build-time rendering: scripts/prerender-web.ts loads this module through Vite's SSR loader; it
// is never part of the client bundle.
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { staticAppAt as appAt } from './app/static-app';

/** The landing page, complete: `prerender` waits for its lazily loaded code. */
export async function renderLanding(): Promise<string> {
  const { prelude } = await prerender(await appAt('/'));
  return new Response(prelude).text();
}

/**
 * The site's header, footer and a page skeleton, for every other page until its code has run.
 * renderToString does not wait for lazy pages, so the page's Suspense fallback (its skeleton)
 * is what it writes. The browser renders over it (createRoot), it is never hydrated.
 */
export async function renderShell(): Promise<string> {
  return renderToString(await appAt('/__shell__'));
}
