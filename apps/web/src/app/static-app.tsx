import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './providers';
import { routes } from './router';

/**
 * The app at one address, rendered outside the browser: at build time (prerender-entry.tsx) and
 * by the server per request (render-page-entry.tsx). The tree is the one main.tsx renders, so
 * that the browser can hydrate the markup instead of drawing it again.
 */
export async function staticAppAt(path: string, queryClient?: QueryClient) {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`rendering ${path} answered a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        {/* hydrate={false}: no inline script with router state (the CSP allows none). */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>
  );
}
