import type { FeedImport, MerchantProduct, MerchantProductsResponse } from '@ipick/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apiError, buildBusiness, json, stubApi } from '@/test/fake-api';
import { renderAt } from '@/test/render-app';

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });
beforeAll(async () => {
  await import('./products');
});

const path = '/business/dashboard/checkout/products';

function buildImport(overrides: Partial<FeedImport> = {}): FeedImport {
  return {
    id: '5b1d2c3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
    source: 'https://lamps.example.com/feed.csv',
    status: 'completed',
    isFullFeed: false,
    phase: null,
    bytesRead: null,
    bytesTotal: null,
    startedAt: new Date(Date.now() - 60_000).toISOString(),
    finishedAt: new Date(Date.now() - 50_000).toISOString(),
    itemsSeen: 3,
    created: 2,
    updated: 0,
    unchanged: 0,
    rejected: 1,
    markedOutOfStock: 0,
    rejections: [{ row: 3, id: 'L-3', reasons: ['price: add the price'] }],
    error: null,
    ...overrides,
  };
}

function buildProduct(overrides: Partial<MerchantProduct> = {}): MerchantProduct {
  return {
    offerId: '6c1d2c3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
    productId: 'L-1',
    title: 'Brass Desk Lamp',
    url: 'https://lamps.example.com/p/brass-desk-lamp',
    image: null,
    brand: null,
    gtin: '00012345678905',
    priceMinor: 4999,
    currency: 'USD',
    availability: 'in_stock',
    lastSeenAt: new Date(Date.now() - 3_600_000).toISOString(),
    shoppers: {
      comparisons: 12,
      pasted: 4,
      clicks: 7,
      cheapestCompetitor: {
        priceMinor: 4599,
        currency: 'USD',
        retailerName: 'Walmart',
        seenIn: 'comparison',
      },
    },
    ...overrides,
  };
}

function page(items: MerchantProduct[], overrides: Partial<MerchantProductsResponse> = {}) {
  return {
    items,
    page: 1,
    pageSize: 20,
    total: items.length,
    catalogSize: items.length,
    ...overrides,
  };
}

describe('/business/dashboard/checkout/products', () => {
  it('teaches a new merchant to import a feed, then follows the import to its report', async () => {
    let imports: FeedImport[] = [];
    let products = page([]);
    const started = buildImport();
    const api = stubApi({
      business: buildBusiness(),
      routes: {
        'GET /api/business/catalog/feeds': () => json({ imports }),
        'POST /api/business/catalog/feeds': ({ body }) => {
          expect(body).toEqual({ url: 'https://lamps.example.com/feed.csv', full: true });
          imports = [started];
          products = page([buildProduct()]);
          return json({ importId: started.id }, 202);
        },
        [`GET /api/business/catalog/feeds/${started.id}`]: () => json(started),
        'GET /api/business/products': () => json(products),
      },
    });
    const user = userEvent.setup();
    renderAt(path);

    expect(await screen.findByRole('heading', { name: 'No products yet' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Link a feed address' }));
    await user.click(screen.getByRole('button', { name: 'Import from address' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/add the address/);

    await user.type(screen.getByLabelText('Feed address'), 'https://lamps.example.com/feed.csv');
    await user.click(screen.getByRole('checkbox', { name: /lists everything my shop sells/ }));
    await user.click(screen.getByRole('button', { name: 'Import from address' }));

    const report = await screen.findByRole('region', { name: 'Import report' });
    await waitFor(() => expect(report.textContent).toContain('Imported with rejected rows'));
    expect(within(report).getByText('L-3')).toBeTruthy();
    expect(within(report).getByText('price: add the price')).toBeTruthy();
    // The finished import refreshes the product list.
    expect(await screen.findByRole('table', { name: /Your products/ })).toBeTruthy();
    expect(api.fetch).toHaveBeenCalled();
  });

  it('offers to run an import ipick stopped in the middle of again, as it was', async () => {
    const interrupted = buildImport({
      status: 'interrupted',
      isFullFeed: true,
      itemsSeen: 1200,
      created: 500,
      rejected: 0,
      rejections: [],
      error: 'ipick stopped while this import was running',
    });
    const again = buildImport({ id: '7b1d2c3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e', status: 'running' });
    let imports: FeedImport[] = [interrupted];
    stubApi({
      business: buildBusiness(),
      routes: {
        'GET /api/business/catalog/feeds': () => json({ imports }),
        [`GET /api/business/catalog/feeds/${interrupted.id}`]: () => json(interrupted),
        [`GET /api/business/catalog/feeds/${again.id}`]: () => json(again),
        'POST /api/business/catalog/feeds': ({ body }) => {
          expect(body).toEqual({ url: interrupted.source, full: true });
          imports = [again, interrupted];
          return json({ importId: again.id }, 202);
        },
        'GET /api/business/products': () => json(page([buildProduct()])),
      },
    });
    const user = userEvent.setup();
    renderAt(path);

    const report = await screen.findByRole('region', { name: 'Import report' });
    await waitFor(() => expect(report.textContent).toContain('Interrupted'));
    expect(report.textContent).toContain('ipick stopped while this import was running');
    expect(within(report).getByText('1200')).toBeTruthy();
    await user.click(within(report).getByRole('button', { name: 'Run this import again' }));
    expect(await within(report).findByText(/The import runs again/)).toBeTruthy();
  });

  it('lists the products with how shoppers compared them, and searches', async () => {
    const requests: string[] = [];
    stubApi({
      business: buildBusiness(),
      routes: {
        'GET /api/business/catalog/feeds': () => json({ imports: [buildImport()] }),
        [`GET /api/business/catalog/feeds/${buildImport().id}`]: () => json(buildImport()),
        'GET /api/business/products': ({ url }) => {
          requests.push(url.search);
          return json(
            url.searchParams.get('query') === 'zebra'
              ? page([], { catalogSize: 1 })
              : page([buildProduct()]),
          );
        },
      },
    });
    const user = userEvent.setup();
    const { router } = renderAt(path);

    const table = await screen.findByRole('table', { name: /Your products/ });
    const row = within(table).getByRole('row', { name: /Brass Desk Lamp/ });
    expect(row.textContent).toContain('$49.99');
    expect(row.textContent).toContain('In stock');
    expect(row.textContent).toContain('12');
    expect(row.textContent).toContain('4 from your page');
    expect(row.textContent).toContain('$45.99 at Walmart');
    expect(row.textContent).toContain('Cheaper than you');

    await user.type(screen.getByRole('searchbox', { name: 'Search your products' }), 'zebra');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'No products match “zebra”' })).toBeTruthy();
    expect(router.state.location.search).toBe('?query=zebra');
    expect(requests).toContain('?page=1&query=zebra');
  });

  it('says when the products cannot load and tries again', async () => {
    let fails = true;
    stubApi({
      business: buildBusiness(),
      routes: {
        'GET /api/business/catalog/feeds': () => json({ imports: [] }),
        'GET /api/business/products': () =>
          fails
            ? apiError(503, 'service_unavailable', 'The catalog is busy.')
            : json(page([buildProduct()])),
      },
    });
    const user = userEvent.setup();
    renderAt(path);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The catalog is busy.');
    fails = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: /Your products/ })).toBeTruthy();
  });
});
