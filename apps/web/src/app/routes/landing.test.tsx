import type { CompareExample } from '@ipick/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { readProductRequest } from '@/lib/product-request-store';
import { apiError, json, stubApi } from '@/test/fake-api';
import { renderAt } from '@/test/render-app';

// Pages load lazily; on a busy machine the first load of a page's code alone can take seconds.
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });
beforeAll(async () => {
  await Promise.all([
    import('./landing'),
    import('./landing2'),
    import('./demo-landing'),
    import('./new-search'),
  ]);
});

function buildExample(overrides: Partial<CompareExample> = {}): CompareExample {
  return {
    title: 'Acme Kettle 1.7 L',
    url: 'https://www.bestbuy.com/site/acme-kettle/6401234.p?skuId=6401234',
    retailerName: 'Best Buy',
    priceMinor: 4999,
    currency: 'USD',
    image: null,
    category: 'kitchen',
    otherRetailers: 3,
    ...overrides,
  };
}

const examples = [
  buildExample(),
  buildExample({
    title: 'Zeta Headphones',
    url: 'https://www.target.com/p/zeta-headphones/-/A-1234',
    retailerName: 'Target',
    priceMinor: null,
    otherRetailers: 1,
  }),
];

const pages = [
  { path: '/', heading: 'Compare prices before you buy', exampleHeading: 'Try an example' },
  {
    path: '/landing2',
    heading: 'Find a better price in seconds',
    exampleHeading: 'No link at hand?',
  },
  {
    path: '/demo-landing',
    heading: 'See how ipick compares prices',
    exampleHeading: 'Pick a product to compare',
  },
];

describe('the landing pages', () => {
  it.each(pages)(
    '$path lists the examples and compares one with a click',
    async ({ path, heading, exampleHeading }) => {
      stubApi({ routes: { 'GET /api/compare/examples': () => json({ examples }) } });
      const user = userEvent.setup();
      const { router } = renderAt(path);

      await screen.findByRole('heading', { level: 1, name: heading });
      const section = await screen.findByRole('region', { name: exampleHeading });
      const list = within(section).getByRole('list', { name: 'Example products' });
      const [kettle, headphones] = within(list).getAllByRole('button');
      expect(kettle!.textContent).toContain('Acme Kettle 1.7 L');
      expect(kettle!.textContent).toContain('Best Buy · $49.99');
      expect(kettle!.textContent).toContain('Sold by 3 other retailers');
      expect(headphones!.textContent).toContain('Target');
      expect(headphones!.textContent).not.toContain('$');
      expect(headphones!.textContent).toContain('Sold by 1 other retailer');

      await user.click(within(list).getByRole('button', { name: /Zeta Headphones/ }));
      await screen.findByRole('heading', { level: 1, name: 'Comparing prices' });
      const match = /^\/new-search\/([0-9a-f-]{36})\/target-com-a-1234$/.exec(
        router.state.location.pathname,
      );
      expect(match).not.toBeNull();
      expect(readProductRequest(match![1]!)?.url).toBe(examples[1]!.url);
    },
  );

  it('gives each variant its own layout around the same paste box', async () => {
    stubApi({ routes: { 'GET /api/compare/examples': () => json({ examples }) } });
    const first = renderAt('/landing2');
    await screen.findByRole('region', { name: 'No link at hand?' });
    expect(screen.getByText('One link, every retailer')).toBeTruthy();
    expect(screen.getByLabelText('Product link or name')).toBeTruthy();
    first.unmount();

    renderAt('/demo-landing');
    await screen.findByRole('region', { name: 'Pick a product to compare' });
    expect(
      screen.getByRole('heading', { level: 2, name: 'Or paste a link of your own' }),
    ).toBeTruthy();
    expect(screen.getByLabelText('Product link or name')).toBeTruthy();
  });

  it('hides the section when there are no examples', async () => {
    let answered = false;
    stubApi({
      routes: {
        'GET /api/compare/examples': () => {
          answered = true;
          return json({ examples: [] });
        },
      },
    });
    renderAt('/');
    await screen.findByRole('heading', { level: 1, name: 'Compare prices before you buy' });
    await waitFor(() => expect(answered).toBe(true));
    await waitFor(() => expect(screen.queryByText('Loading examples…')).toBeNull());
    expect(screen.queryByRole('region', { name: 'Try an example' })).toBeNull();
  });

  it('stays silent when the examples cannot be loaded, and the paste box still works', async () => {
    const consoleError = vi.spyOn(console, 'error');
    stubApi({
      routes: {
        'GET /api/compare/examples': () => apiError(500, 'internal_error', 'Boom'),
      },
    });
    const user = userEvent.setup();
    const { router } = renderAt('/');
    await screen.findByRole('heading', { level: 1, name: 'Compare prices before you buy' });
    await waitFor(() => expect(screen.queryByText('Loading examples…')).toBeNull());
    expect(screen.queryByRole('region', { name: 'Try an example' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();

    await user.type(
      screen.getByLabelText('Product link or name'),
      'https://www.example.com/products/desk-lamp-42{Enter}',
    );
    await waitFor(() =>
      expect(router.state.location.pathname).toMatch(
        /^\/new-search\/[0-9a-f-]{36}\/example-com-desk-lamp-42$/,
      ),
    );
    expect(consoleError).not.toHaveBeenCalled();
  });
});
