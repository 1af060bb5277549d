import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildBusiness, buildUser, stubApi } from '@/test/fake-api';
import { renderAt, stubHealthyApi } from '@/test/render-app';
import { AppProviders } from './providers';
import { routeSamples, sampleDirectProductPath, samplePaths } from './route-paths';
import { routes } from './router';

/** Full path patterns of every route that renders something of its own. */
function leafPatterns(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const own = route.path ? joinPattern(parent, route.path) : parent;
    if (route.children?.length) return leafPatterns(route.children, own);
    return [own || '/'];
  });
}

function joinPattern(parent: string, child: string): string {
  if (child.startsWith('/')) return child;
  if (child === '*') return '*';
  return `${parent.replace(/\/$/, '')}/${child}`;
}

describe('route samples', () => {
  it('cover every route of the router exactly once', () => {
    const fromRouter = leafPatterns(routes).sort();
    const fromSamples = routeSamples.map((sample) => sample.pattern).sort();
    expect(fromSamples).toEqual(fromRouter);
    expect(new Set(samplePaths).size).toBe(samplePaths.length);
  });

  it.each(routeSamples)('$path matches its own route ($pattern)', ({ path, pattern }) => {
    const matches = matchRoutes(routes, path) ?? [];
    const matched = matches
      .map((match) => match.route.path)
      .filter((segment): segment is string => Boolean(segment))
      .reduce((joined, segment) => joinPattern(joined, segment), '');
    expect(matched || '/').toBe(pattern);
  });
});

describe('every page', () => {
  let consoleError: ReturnType<typeof vi.spyOn>;
  let consoleWarn: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    stubHealthyApi();
    consoleError = vi.spyOn(console, 'error');
    consoleWarn = vi.spyOn(console, 'warn');
  });
  afterEach(() => {
    expect(consoleError).not.toHaveBeenCalled();
    expect(consoleWarn).not.toHaveBeenCalled();
  });

  it.each(routeSamples)(
    '$path shows the h1 "$heading" inside the site layout, signed out',
    async ({ path, heading, redirectsTo }) => {
      const { router } = renderAt(path);
      const h1 = await screen.findByRole('heading', { level: 1, name: heading });
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      expect(within(screen.getByRole('main')).getByRole('heading', { level: 1 })).toBe(h1);
      const nav = screen.getByRole('navigation', { name: 'Main' });
      for (const label of ['Compare', 'Browse', 'History', 'Favorites', 'For business']) {
        expect(within(nav).getByRole('link', { name: label })).toBeTruthy();
      }
      expect(await within(nav).findByRole('button', { name: 'Sign in' })).toBeTruthy();
      expect(screen.getByRole('contentinfo')).toBeTruthy();
      await screen.findByText('Service status: available');
      const { pathname, search } = router.state.location;
      await waitFor(() => expect(`${pathname}${search}`).toBe(redirectsTo ?? path));
    },
  );

  const guardedSamples = routeSamples.filter((sample) => sample.access !== undefined);
  it.each(guardedSamples)(
    '$path opens for a signed-in $access.requires',
    async ({ path, access }) => {
      const requires = access!.requires;
      stubApi({
        user: requires === 'business' ? null : buildUser({ isAdmin: requires === 'admin' }),
        business: requires === 'business' ? buildBusiness() : null,
      });
      const { router } = renderAt(path);
      await screen.findByRole('heading', { level: 1, name: access!.heading });
      expect(router.state.location.pathname).toBe(path);
      await screen.findByText('Service status: available');
    },
  );

  it('dashboard pages share the side nav, with the current page marked', async () => {
    stubApi({ business: buildBusiness() });
    renderAt('/business/dashboard/checkout/analytics');
    await screen.findByRole('heading', { level: 1, name: 'Analytics' });
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Home',
      'Activity',
      'Integrate',
      'Analytics',
      'Products',
      'Settings',
      'Attribution',
    ]);
    expect(within(nav).getByRole('link', { name: 'Analytics' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
    await screen.findByText('Service status: available');
  });

  it('the not-found page names the unknown path and links home', async () => {
    renderAt('/definitely/not/here');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    expect(screen.getByText('/definitely/not/here')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe(
      '/',
    );
    await screen.findByText('Service status: available');
  });
});

describe('service status', () => {
  it('says unavailable, without console errors, when the API cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockResolvedValue(new Response('Bad gateway', { status: 502 })),
    );
    const consoleError = vi.spyOn(console, 'error');
    renderAt('/');
    await screen.findByText('Service status: unavailable');
    // The failed session check leaves the visitor signed out (spec §4), not on an error screen.
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(consoleError).not.toHaveBeenCalled();
  });
});

describe('a product link placed in the address', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('ends on the results page showing that link', async () => {
    stubHealthyApi();
    window.history.replaceState(null, '', sampleDirectProductPath);
    render(
      <AppProviders queryClient={new QueryClient()}>
        <RouterProvider router={createBrowserRouter(routes)} />
      </AppProviders>,
    );

    await screen.findByRole('heading', { level: 1, name: 'Comparing prices' });
    expect(window.location.pathname).toMatch(
      /^\/new-search\/[0-9a-f-]{36}\/example-com-sample-item-html$/,
    );
    expect(
      screen.getByText('https://www.example.com/products/sample-item.html?color=blue'),
    ).toBeTruthy();
    await screen.findByText('Service status: available');
  });
});
