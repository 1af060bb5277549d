import type { Favorite } from '@ipick/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { readProductRequest } from '@/lib/product-request-store';
import { apiError, buildUser, json, sentRequests, stubApi } from '@/test/fake-api';
import { renderAt } from '@/test/render-app';

// Pages load lazily; on a busy machine the first load of a page's code alone can take seconds.
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });
beforeAll(async () => {
  await Promise.all([import('./favorites'), import('./new-search')]);
});

const requestId = '0d6f4c2a-1b3e-4f5a-8b7c-9d0e1f2a3b4c';

function buildFavorite(overrides: Partial<Favorite> = {}): Favorite {
  return {
    id: '5e6f7a8b-1c2d-4e3f-8a9b-0c1d2e3f4a5b',
    requestId,
    path: `/new-search/${requestId}/amazon-com-b000000001`,
    url: 'https://www.amazon.com/dp/B000000001',
    title: 'Acme Kettle 1.7 L',
    retailerName: 'Amazon',
    priceMinor: 4999,
    currency: 'USD',
    image: 'https://images.example.com/kettle.jpg',
    category: 'kitchen',
    createdAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    ...overrides,
  };
}

const kettle = buildFavorite();
const lamp = buildFavorite({
  id: '6e6f7a8b-1c2d-4e3f-8a9b-0c1d2e3f4a5b',
  requestId: null,
  path: null,
  url: 'https://www.walmart.com/ip/desk-lamp/1234',
  title: 'Desk Lamp 40 W',
  retailerName: 'Walmart',
  priceMinor: null,
  image: null,
  category: 'home',
  createdAt: '2024-03-04T10:00:00.000Z',
});

function stubFavorites(initial: Favorite[]) {
  let items = [...initial];
  return stubApi({
    user: buildUser(),
    routes: {
      'GET /api/favorites': () => json({ items }),
      [`DELETE /api/favorites/${kettle.id}`]: () => {
        items = items.filter((item) => item.id !== kettle.id);
        return new Response(null, { status: 204 });
      },
    },
  });
}

describe('/favorites', () => {
  it('lists the favourites newest first with their price when saved', async () => {
    stubFavorites([lamp, kettle]);
    renderAt('/favorites');

    const list = await screen.findByRole('list', { name: 'Your favorites' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('heading', { name: 'Acme Kettle 1.7 L' })).toBeTruthy();
    expect(first!.textContent).toContain('Amazon · $49.99 when saved');
    expect(first!.textContent).toContain('Saved 2 days ago');
    expect(first!.querySelector('img')?.getAttribute('src')).toBe(kettle.image);
    expect(
      within(first!)
        .getByRole('link', { name: 'Open results: Acme Kettle 1.7 L' })
        .getAttribute('href'),
    ).toBe(kettle.path);

    expect(second!.textContent).toContain('Walmart');
    expect(second!.textContent).not.toContain('when saved');
    expect(second!.textContent).toContain('Saved Mar 4, 2024');
    // Without a picture: its category's drawing, not an empty frame.
    expect(second!.querySelector('img')).toBeNull();
    expect(second!.querySelector('[data-illustration]')?.getAttribute('data-illustration')).toBe(
      'home',
    );
    // Saved without a comparison: nothing to reopen, only to compare again.
    expect(within(second!).queryByRole('link')).toBeNull();
    expect(
      within(second!).getByRole('button', { name: 'Compare again: Desk Lamp 40 W' }),
    ).toBeTruthy();
  });

  it('removes a favourite with DELETE /api/favorites/:id and says so', async () => {
    const { fetch } = stubFavorites([kettle, lamp]);
    const user = userEvent.setup();
    renderAt('/favorites');

    const list = await screen.findByRole('list', { name: 'Your favorites' });
    await user.click(
      within(list).getByRole('button', { name: 'Remove Acme Kettle 1.7 L from favorites' }),
    );

    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(sentRequests(fetch)).toContain(`DELETE /api/favorites/${kettle.id}`);
    expect(await screen.findByText('Removed from your favorites')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '1 saved product' })).toBeTruthy();
  });

  it('says when removing fails and keeps the favourite', async () => {
    stubApi({
      user: buildUser(),
      routes: {
        'GET /api/favorites': () => json({ items: [kettle] }),
        [`DELETE /api/favorites/${kettle.id}`]: () =>
          apiError(500, 'internal_error', 'The database is busy.'),
      },
    });
    const user = userEvent.setup();
    renderAt('/favorites');

    const list = await screen.findByRole('list', { name: 'Your favorites' });
    await user.click(
      within(list).getByRole('button', { name: 'Remove Acme Kettle 1.7 L from favorites' }),
    );
    expect(await screen.findByText('The database is busy.')).toBeTruthy();
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
  });

  it('compares a favourite again as a new request', async () => {
    stubFavorites([kettle]);
    const user = userEvent.setup();
    const { router } = renderAt('/favorites');

    await user.click(
      await screen.findByRole('button', { name: 'Compare again: Acme Kettle 1.7 L' }),
    );

    await screen.findByRole('heading', { level: 1, name: 'Comparing prices' });
    const match = /^\/new-search\/([0-9a-f-]{36})\/amazon-com-b000000001$/.exec(
      router.state.location.pathname,
    );
    expect(match).not.toBeNull();
    expect(match![1]).not.toBe(requestId);
    expect(readProductRequest(match![1]!)?.url).toBe(kettle.url);
  });

  it('shows the empty state when nothing is saved', async () => {
    stubFavorites([]);
    renderAt('/favorites');
    expect(await screen.findByRole('heading', { name: 'No favorites yet' })).toBeTruthy();
  });

  it('shows an error with Retry when the favourites cannot be loaded', async () => {
    let calls = 0;
    stubApi({
      user: buildUser(),
      routes: {
        'GET /api/favorites': () => {
          calls += 1;
          return calls === 1
            ? apiError(503, 'unavailable', 'Try later.')
            : json({ items: [kettle] });
        },
      },
    });
    const user = userEvent.setup();
    renderAt('/favorites');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load your favorites');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Your favorites' })).toBeTruthy();
  });
});
