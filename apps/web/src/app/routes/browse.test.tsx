import type { BrowseProduct, BrowseResponse, CatalogCategory } from '@ipick/contracts';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { readProductRequest } from '@/lib/product-request-store';
import { apiError, json, stubApi, type FakeRequest } from '@/test/fake-api';
import { renderAt } from '@/test/render-app';

// Pages load lazily; on a busy machine the first load of a page's code alone can take seconds.
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });
beforeAll(async () => {
  await Promise.all([import('./browse'), import('./browse-category'), import('./new-search')]);
});

function buildCategory(overrides: Partial<CatalogCategory> = {}): CatalogCategory {
  return {
    slug: 'kitchen',
    name: 'Kitchen',
    productCount: 120,
    minPriceMinor: 499,
    maxPriceMinor: 129_900,
    ...overrides,
  };
}

function buildProduct(index: number, overrides: Partial<BrowseProduct> = {}): BrowseProduct {
  const suffix = String(index).padStart(12, '0');
  return {
    productId: `1a2b3c4d-5e6f-4a7b-8c9d-${suffix}`,
    title: `Acme Kettle ${index}`,
    brand: 'Acme',
    category: 'kitchen',
    image: null,
    offerCount: 4,
    retailerCount: 3,
    lowestPriceMinor: 1299,
    currency: 'USD',
    url: `https://www.walmart.com/ip/acme-kettle-${index}/${1000 + index}`,
    retailerName: 'Walmart',
    ...overrides,
  };
}

interface CatalogOptions {
  categories?: CatalogCategory[];
  /** Answers one products request; the default is 14 products, 6 a page. */
  products?: (request: FakeRequest) => Response;
}

const defaultCategories = [
  buildCategory(),
  buildCategory({ slug: 'small-tech', name: 'Small tech', productCount: 1, maxPriceMinor: 499 }),
];

/** A small page size keeps the DOM, and so the role queries, quick. */
function pageOf(request: FakeRequest, total = 14, pageSize = 6): BrowseResponse {
  const page = Number(request.url.searchParams.get('page') ?? '1');
  const start = (page - 1) * pageSize;
  const count = Math.max(0, Math.min(pageSize, total - start));
  return {
    items: Array.from({ length: count }, (_, index) => buildProduct(start + index + 1)),
    page,
    pageSize,
    total,
  };
}

/** The catalog API; returns the query of every products request, as an object. */
function stubCatalog({ categories = defaultCategories, products }: CatalogOptions = {}) {
  const productQueries: Array<Record<string, string>> = [];
  const api = stubApi({
    routes: {
      'GET /api/catalog/categories': () => json({ categories }),
      'GET /api/catalog/products': (request) => {
        productQueries.push(Object.fromEntries(request.url.searchParams));
        return products ? products(request) : json(pageOf(request));
      },
    },
  });
  return { ...api, productQueries };
}

function location(router: ReturnType<typeof renderAt>['router']): string {
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
}

describe('/browse', () => {
  it('lists the categories with their product counts and price spans', async () => {
    const { productQueries } = stubCatalog();
    renderAt('/browse');

    const list = await screen.findByRole('list', { name: 'Categories' });
    const kitchen = within(list).getByRole('link', { name: /Kitchen/ });
    expect(kitchen.getAttribute('href')).toBe('/browse/kitchen');
    expect(kitchen.textContent).toContain('120 products · $4.99 – $1,299.00');
    const smallTech = within(list).getByRole('link', { name: /Small tech/ });
    expect(smallTech.getAttribute('href')).toBe('/browse/small-tech');
    expect(smallTech.textContent).toContain('1 product · $4.99');
    // No search yet: no products asked for.
    expect(productQueries).toEqual([]);
  });

  it('searches every category and keeps the search in the address', async () => {
    const { productQueries } = stubCatalog();
    const user = userEvent.setup();
    const { router } = renderAt('/browse');

    await user.type(await screen.findByLabelText('Search all products'), 'kettle{Enter}');

    const products = await screen.findByRole('list', { name: 'Products' });
    expect(location(router)).toBe('/browse?q=kettle');
    expect(productQueries).toEqual([{ q: 'kettle', sort: 'relevance', page: '1' }]);
    expect(screen.queryByRole('list', { name: 'Categories' })).toBeNull();
    const cards = within(products).getAllByRole('article');
    expect(cards).toHaveLength(6);
    const first = within(products).getByRole('article', { name: 'Acme Kettle 1' });
    expect(first.textContent).toContain('Kitchen');
    expect(first.textContent).toContain('Acme');
    expect(first.textContent).toContain('from $12.99 at 3 retailers');
    expect(screen.getByText('Showing 1–6 of 14 products')).toBeTruthy();
  });

  it('shows an error with Retry when the categories cannot be loaded', async () => {
    let calls = 0;
    stubApi({
      routes: {
        'GET /api/catalog/categories': () => {
          calls += 1;
          return calls === 1
            ? apiError(503, 'unavailable', 'The catalog is being updated.')
            : json({ categories: defaultCategories });
        },
      },
    });
    const user = userEvent.setup();
    renderAt('/browse');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load the categories');
    expect(alert.textContent).toContain('The catalog is being updated.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Categories' })).toBeTruthy();
  });
});

describe('/browse/:category', () => {
  it('shows the products of the category, asked for with the category', async () => {
    const { productQueries } = stubCatalog();
    renderAt('/browse/kitchen');

    expect(await screen.findByRole('heading', { level: 1, name: 'Kitchen' })).toBeTruthy();
    const products = await screen.findByRole('list', { name: 'Products' });
    expect(within(products).getAllByRole('article')).toHaveLength(6);
    expect(productQueries).toEqual([{ category: 'kitchen', sort: 'relevance', page: '1' }]);
    expect(screen.getByText(/120 products · \$4\.99 – \$1,299\.00/)).toBeTruthy();
  });

  it('sends search words, the price range in cents and the sort, and puts them in the address', async () => {
    const { productQueries } = stubCatalog();
    const user = userEvent.setup();
    const { router } = renderAt('/browse/kitchen');
    await screen.findByRole('list', { name: 'Products' });

    await user.type(screen.getByLabelText('Search in kitchen'), 'kettle');
    await user.type(screen.getByLabelText('Lowest price ($)'), '10');
    await user.type(screen.getByLabelText('Highest price ($)'), '49.99');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() =>
      expect(productQueries.at(-1)).toEqual({
        category: 'kitchen',
        q: 'kettle',
        minPriceMinor: '1000',
        maxPriceMinor: '4999',
        sort: 'relevance',
        page: '1',
      }),
    );
    expect(location(router)).toBe('/browse/kitchen?q=kettle&min=10&max=49.99');

    await user.selectOptions(screen.getByLabelText('Sort by'), 'Most retailers');
    await waitFor(() => expect(productQueries.at(-1)?.sort).toBe('offers'));
    expect(location(router)).toBe('/browse/kitchen?q=kettle&min=10&max=49.99&sort=offers');

    await user.selectOptions(screen.getByLabelText('Sort by'), 'Price: high to low');
    await waitFor(() => expect(productQueries.at(-1)?.sort).toBe('price-desc'));
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Price: low to high');
    await waitFor(() => expect(productQueries.at(-1)?.sort).toBe('price-asc'));
  });

  it('explains an upside-down or malformed price range inline and does not search', async () => {
    const { productQueries } = stubCatalog();
    const user = userEvent.setup();
    const { router } = renderAt('/browse/kitchen');
    await screen.findByRole('list', { name: 'Products' });
    const min = screen.getByLabelText('Lowest price ($)');
    const max = screen.getByLabelText('Highest price ($)');

    await user.type(min, '50');
    await user.type(max, '10');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    const message = screen.getByText('The lowest price must not be above the highest price.');
    expect(min.getAttribute('aria-invalid')).toBe('true');
    expect(max.getAttribute('aria-invalid')).toBe('true');
    expect(min.getAttribute('aria-describedby')).toContain(message.id);
    expect(location(router)).toBe('/browse/kitchen');
    expect(productQueries).toHaveLength(1);

    await user.clear(max);
    await user.type(max, 'ten');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(
      screen.getByText('Highest price: Enter a price in dollars, like 25 or 19.99.'),
    ).toBeTruthy();
    expect(min.getAttribute('aria-invalid')).toBeNull();
    expect(max.getAttribute('aria-invalid')).toBe('true');
    expect(productQueries).toHaveLength(1);
  });

  it('pages with Previous and Next, kept in the address for back and forward', async () => {
    const { productQueries } = stubCatalog();
    const user = userEvent.setup();
    const { router } = renderAt('/browse/kitchen');

    const pages = await screen.findByRole('navigation', { name: 'Pages of products' });
    expect(within(pages).getByText('Page 1 of 3')).toBeTruthy();
    expect(within(pages).getByRole('button', { name: 'Previous' })).toHaveProperty(
      'disabled',
      true,
    );

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await within(pages).findByText('Page 2 of 3')).toBeTruthy();
    expect(location(router)).toBe('/browse/kitchen?page=2');
    expect(productQueries.at(-1)).toEqual({ category: 'kitchen', sort: 'relevance', page: '2' });
    expect(screen.getByRole('article', { name: 'Acme Kettle 7' })).toBeTruthy();
    expect(screen.getByText('Showing 7–12 of 14 products')).toBeTruthy();

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await within(pages).findByText('Page 3 of 3')).toBeTruthy();
    expect(within(pages).getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    expect(screen.getAllByRole('article')).toHaveLength(2);

    await act(() => router.navigate(-1));
    expect(await within(pages).findByText('Page 2 of 3')).toBeTruthy();
    expect(location(router)).toBe('/browse/kitchen?page=2');
  });

  it('starts from the filters in the address', async () => {
    const { productQueries } = stubCatalog();
    renderAt('/browse/kitchen?q=lamp&min=5&max=80&sort=price-desc&page=2');

    await screen.findByRole('list', { name: 'Products' });
    expect(productQueries).toEqual([
      {
        category: 'kitchen',
        q: 'lamp',
        minPriceMinor: '500',
        maxPriceMinor: '8000',
        sort: 'price-desc',
        page: '2',
      },
    ]);
    expect(screen.getByLabelText<HTMLInputElement>('Search in kitchen').value).toBe('lamp');
    expect(screen.getByLabelText<HTMLInputElement>('Lowest price ($)').value).toBe('5');
    expect(screen.getByLabelText<HTMLInputElement>('Highest price ($)').value).toBe('80');
    expect(screen.getByLabelText<HTMLSelectElement>('Sort by').value).toBe('price-desc');
  });

  it('says when nothing matches and clears the filters', async () => {
    const { productQueries } = stubCatalog({
      products: (request) =>
        request.url.searchParams.has('q')
          ? json({ items: [], page: 1, pageSize: 24, total: 0 })
          : json(pageOf(request)),
    });
    const user = userEvent.setup();
    const { router } = renderAt('/browse/kitchen?q=zzz&max=20');

    expect(
      await screen.findByRole('heading', { name: 'No products match “zzz” priced up to $20.00' }),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('list', { name: 'Products' })).toBeTruthy();
    expect(location(router)).toBe('/browse/kitchen');
    expect(productQueries.at(-1)).toEqual({ category: 'kitchen', sort: 'relevance', page: '1' });
    expect(screen.getByLabelText<HTMLInputElement>('Search in kitchen').value).toBe('');
  });

  it('shows an error with Retry when the products cannot be loaded', async () => {
    let calls = 0;
    stubCatalog({
      products: (request) => {
        calls += 1;
        return calls === 1
          ? apiError(500, 'internal_error', 'Something broke on our side.')
          : json(pageOf(request));
      },
    });
    const user = userEvent.setup();
    renderAt('/browse/kitchen');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load the products');
    expect(alert.textContent).toContain('Something broke on our side.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Products' })).toBeTruthy();
  });

  it('gives an unknown category an empty state and a link to all categories', async () => {
    const { productQueries } = stubCatalog();
    renderAt('/browse/gadgets');

    expect(await screen.findByRole('heading', { level: 1, name: 'Gadgets' })).toBeTruthy();
    expect(
      await screen.findByRole('heading', { name: 'There is no “Gadgets” category' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All categories' }).getAttribute('href')).toBe(
      '/browse',
    );
    expect(productQueries).toEqual([]);
  });

  it("compares a product's link and opens its results", async () => {
    stubCatalog();
    const user = userEvent.setup();
    const { router } = renderAt('/browse/kitchen');

    const card = await screen.findByRole('article', { name: 'Acme Kettle 3' });
    await user.click(within(card).getByRole('button', { name: 'Compare prices of Acme Kettle 3' }));

    await screen.findByRole('heading', { level: 1, name: 'Comparing prices' });
    const match = /^\/new-search\/([0-9a-f-]{36})\/walmart-com-1003$/.exec(
      router.state.location.pathname,
    );
    expect(match).not.toBeNull();
    expect(readProductRequest(match![1]!)?.url).toBe(
      'https://www.walmart.com/ip/acme-kettle-3/1003',
    );
  });
});
