import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { routes } from './app/router';

/**
 * Build-time rendering (scripts/prerender-web.ts loads this module through Vite's SSR loader; it is
 * never part of the client bundle). The tree is the one main.tsx renders, so that the browser
 * can hydrate the landing page instead of rendering it again.
 */
async function appAt(path: string) {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`prerendering ${path} answered a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return (
    <StrictMode>
      <AppProviders>
        {/* hydrate={false}: no inline script with router state (the CSP allows none). */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>
  );
}

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
