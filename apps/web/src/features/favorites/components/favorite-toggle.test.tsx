import type { CompareResponse, Favorite } from '@ipick/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { saveProductRequest } from '@/lib/product-request-store';
import { apiError, buildUser, json, sentRequests, stubApi, type FakeRoute } from '@/test/fake-api';
import { renderAt } from '@/test/render-app';

const requestId = '0d6f4c2a-1b3e-4f5a-8b7c-9d0e1f2a3b4c';
const offerId = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const pastedUrl = 'https://www.amazon.com/dp/B000000001';
const offerUrl = 'https://www.walmart.com/ip/1';
const path = `/new-search/${requestId}/amazon-com-b000000001`;

const comparison: CompareResponse = {
  requestId,
  product: {
    title: 'Acme Kettle 1.7 L',
    brand: 'Acme',
    gtin: null,
    mpn: null,
    priceMinor: 4999,
    currency: 'USD',
    retailer: 'amazon',
    retailerName: 'Amazon',
    url: pastedUrl,
    image: null,
    source: 'catalog',
  },
  sameProduct: [
    {
      offerId,
      title: 'Acme 1.7L Electric Kettle',
      retailer: 'walmart',
      retailerName: 'Walmart',
      url: offerUrl,
      priceMinor: 3799,
      currency: 'USD',
      availability: 'in_stock',
      condition: 'new',
      savingsMinor: 1200,
      confidence: 1,
      reasons: [],
    },
  ],
  alternatives: [],
  notice: null,
};

let nextFavorite = 0;
function buildFavorite(url: string, title: string): Favorite {
  nextFavorite += 1;
  return {
    id: `9f8e7d6c-5b4a-4c3d-8e2f-${String(nextFavorite).padStart(12, '0')}`,
    requestId,
    path,
    url,
    title,
    retailerName: 'Walmart',
    priceMinor: 3799,
    currency: 'USD',
    image: null,
    category: null,
    createdAt: '2025-01-02T03:04:05.000Z',
  };
}

/** A small favourites API that remembers what was added and removed, as the server would. */
function favoritesRoutes(initial: Favorite[] = []): Record<string, FakeRoute> {
  let items = [...initial];
  const routes: Record<string, FakeRoute> = {
    'POST /api/compare': () => json(comparison),
    'GET /api/favorites': () => json({ items }),
    'POST /api/favorites': ({ body }) => {
      const input = body as { requestId: string; offerId?: string };
      const favorite = input.offerId
        ? buildFavorite(offerUrl, 'Acme 1.7L Electric Kettle')
        : buildFavorite(pastedUrl, 'Acme Kettle 1.7 L');
      items = [favorite, ...items];
      return json(favorite, 201);
    },
  };
  for (const favorite of initial) {
    routes[`DELETE /api/favorites/${favorite.id}`] = () => {
      items = items.filter((item) => item.id !== favorite.id);
      return new Response(null, { status: 204 });
    };
  }
  return routes;
}

/** The labelled toggle on the pasted product's card. */
async function findProductToggle(name: string) {
  const heading = await screen.findByRole('heading', { level: 2, name: 'Acme Kettle 1.7 L' });
  const card = heading.parentElement!;
  return within(card).findByRole('button', { name });
}

function offerItem() {
  const list = screen.getByRole('list', { name: 'Same product' });
  return within(list).getAllByRole('listitem')[0]!;
}

beforeAll(async () => {
  // Whole-app renders share two busy cores with other suites; one second is not always enough.
  configure({ asyncUtilTimeout: 5000 });
  await import('@/app/routes/new-search');
  // Sonner captures the pointer when a toast is pressed; jsdom has no pointer capture.
  Object.assign(Element.prototype, {
    setPointerCapture: () => undefined,
    releasePointerCapture: () => undefined,
    hasPointerCapture: () => false,
  });
});

describe('the favourite toggle on the results page', { timeout: 15_000 }, () => {
  it('asks a signed-out shopper to sign in, and saves nothing', async () => {
    saveProductRequest(requestId, new URL(pastedUrl));
    const { fetch } = stubApi({ routes: favoritesRoutes() });
    const user = userEvent.setup({ delay: null });
    const { router } = renderAt(path);

    const toggle = await findProductToggle('Save to favorites');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(toggle.getAttribute('aria-disabled')).toBeNull());
    await user.click(toggle);

    const toast = (await screen.findByText('Sign in to save favorites')).closest('li')!;
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(sentRequests(fetch).some((request) => request.includes('/api/favorites'))).toBe(false);

    await user.click(within(toast).getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?returnTo=${encodeURIComponent(path)}`);
  });

  it('keeps one sign-in notification however often a signed-out shopper presses a heart', async () => {
    saveProductRequest(requestId, new URL(pastedUrl));
    stubApi({ routes: favoritesRoutes() });
    const user = userEvent.setup({ delay: null });
    renderAt(path);

    const toggle = await findProductToggle('Save to favorites');
    await waitFor(() => expect(toggle.getAttribute('aria-disabled')).toBeNull());
    await user.click(toggle);
    expect(await screen.findByText('Sign in to save favorites')).toBeTruthy();
    await user.click(toggle);
    await user.click(await within(offerItem()).findByRole('button', { name: 'Save to favorites' }));

    // Give sonner the time a second toast would take to appear.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getAllByText('Sign in to save favorites')).toHaveLength(1);
  });

  it('shows what is saved and saves the pasted product for a signed-in shopper', async () => {
    saveProductRequest(requestId, new URL(pastedUrl));
    const saved = buildFavorite(offerUrl, 'Acme 1.7L Electric Kettle');
    const { fetch } = stubApi({ user: buildUser(), routes: favoritesRoutes([saved]) });
    const user = userEvent.setup({ delay: null });
    renderAt(path);

    const toggle = await findProductToggle('Save to favorites');
    const offerToggle = await within(offerItem()).findByRole('button', {
      name: 'Remove from favorites',
    });
    expect(offerToggle.getAttribute('aria-pressed')).toBe('true');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');

    await user.click(toggle);
    expect(await screen.findByText('Saved to favorites')).toBeTruthy();
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(toggle.textContent).toBe('Remove from favorites');
    expect(
      fetch.mock.calls
        .filter(([input, init]) => input === '/api/favorites' && init?.method === 'POST')
        .map(([, init]) => JSON.parse(init!.body as string) as unknown),
    ).toEqual([{ requestId }]);
  });

  it('removes a saved offer', async () => {
    saveProductRequest(requestId, new URL(pastedUrl));
    const saved = buildFavorite(offerUrl, 'Acme 1.7L Electric Kettle');
    const { fetch } = stubApi({ user: buildUser(), routes: favoritesRoutes([saved]) });
    const user = userEvent.setup({ delay: null });
    renderAt(path);

    await findProductToggle('Save to favorites');
    const offerToggle = await within(offerItem()).findByRole('button', {
      name: 'Remove from favorites',
    });
    await user.click(offerToggle);

    expect(await screen.findByText('Removed from favorites')).toBeTruthy();
    expect(sentRequests(fetch)).toContain(`DELETE /api/favorites/${saved.id}`);
    expect(offerToggle.getAttribute('aria-pressed')).toBe('false');
    expect(offerToggle.getAttribute('aria-label')).toBe('Save to favorites');
  });

  it('saves an offer by its id, and shows why a save failed', async () => {
    saveProductRequest(requestId, new URL(pastedUrl));
    const routes = favoritesRoutes();
    let attempts = 0;
    const { fetch } = stubApi({
      user: buildUser(),
      routes: {
        ...routes,
        'POST /api/favorites': (request, session) => {
          attempts += 1;
          return attempts === 1
            ? apiError(409, 'favorites_limit', 'You can keep at most 500 favorites.')
            : routes['POST /api/favorites']!(request, session);
        },
      },
    });
    const user = userEvent.setup({ delay: null });
    renderAt(path);

    await findProductToggle('Save to favorites');
    const offerToggle = await within(offerItem()).findByRole('button', {
      name: 'Save to favorites',
    });
    await waitFor(() => expect(offerToggle.getAttribute('aria-disabled')).toBeNull());
    await user.click(offerToggle);
    expect(await screen.findByText('You can keep at most 500 favorites.')).toBeTruthy();
    expect(offerToggle.getAttribute('aria-pressed')).toBe('false');

    await user.click(offerToggle);
    expect(await screen.findByText('Saved to favorites')).toBeTruthy();
    expect(offerToggle.getAttribute('aria-pressed')).toBe('true');
    const bodies = fetch.mock.calls
      .filter(([input, init]) => input === '/api/favorites' && init?.method === 'POST')
      .map(([, init]) => JSON.parse(init!.body as string) as unknown);
    expect(bodies).toEqual([
      { requestId, offerId },
      { requestId, offerId },
    ]);
  });

  it('saves a favourite asked for while signed out once the shopper has signed in', async () => {
    saveProductRequest(requestId, new URL(pastedUrl));
    stubApi({ routes: favoritesRoutes() });
    const user = userEvent.setup({ delay: null });
    const signedOut = renderAt(path);
    const sameProduct = () => screen.getByRole('list', { name: /^Same product/ });
    await waitFor(() => expect(sameProduct()).toBeTruthy());
    const heart = await within(sameProduct()).findByRole('button', { name: 'Save to favorites' });
    await waitFor(() => expect(heart.getAttribute('aria-disabled')).toBeNull());
    await user.click(heart);
    expect(await screen.findByText('Sign in to save favorites')).toBeTruthy();
    signedOut.unmount();

    // Back on the results after signing in (the modal, or /login and its return address).
    saveProductRequest(requestId, new URL(pastedUrl));
    const { fetch } = stubApi({ user: buildUser(), routes: favoritesRoutes() });
    renderAt(path);
    expect(await screen.findByText('Saved to favorites')).toBeTruthy();
    const saved = await within(sameProduct()).findByRole('button', {
      name: 'Remove from favorites',
    });
    expect(saved.getAttribute('aria-pressed')).toBe('true');
    const bodies = fetch.mock.calls
      .filter(([input, init]) => input === '/api/favorites' && init?.method === 'POST')
      .map(([, init]) => JSON.parse(init!.body as string) as unknown);
    expect(bodies).toEqual([{ requestId, offerId }]);
  });
});
