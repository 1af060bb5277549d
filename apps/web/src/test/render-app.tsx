import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '@/app/providers';
import { routes as appRoutes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';
import { stubApi } from './fake-api';

/** A healthy API with nobody signed in, so pages render as they would for a new visitor. */
export function stubHealthyApi() {
  return stubApi().fetch;
}

/** Renders the app (or the given routes) at `path` with fresh providers and the app's cache rules. */
export function renderAt(path: string, routes: RouteObject[] = appRoutes) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}
