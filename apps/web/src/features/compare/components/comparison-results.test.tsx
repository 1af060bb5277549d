import type { CompareResponse } from '@ipick/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { saveProductRequest } from '@/lib/product-request-store';
import { apiError, json, sentRequests, stubApi } from '@/test/fake-api';
import { renderAt } from '@/test/render-app';

const requestId = '0d6f4c2a-1b3e-4f5a-8b7c-9d0e1f2a3b4c';
const path = `/new-search/${requestId}/amazon-com-b000000001`;
const pastedUrl = 'https://www.amazon.com/dp/B000000001';

function buildResult(overrides: Partial<CompareResponse> = {}): CompareResponse {
  return {
    requestId,
    product: {
      title: 'Acme Kettle 1.7 L',
      brand: 'Acme',
      gtin: '00012345678905',
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
        offerId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
        title: 'Acme 1.7L Electric Kettle',
        retailer: 'walmart',
        retailerName: 'Walmart',
        url: 'https://www.walmart.com/ip/1',
        priceMinor: 3799,
        currency: 'USD',
        availability: 'in_stock',
        condition: 'new',
        savingsMinor: 1200,
        confidence: 1,
        reasons: ['same GTIN 00012345678905'],
      },
      {
        offerId: '2a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
        title: 'Kettle by Acme',
        retailer: 'target',
        retailerName: 'Target',
        url: 'https://www.target.com/p/2',
        priceMinor: 5299,
        currency: 'USD',
        availability: 'out_of_stock',
        condition: 'new',
        savingsMinor: -300,
        confidence: 0.9,
        reasons: ['same brand', 'title words match'],
      },
    ],
    alternatives: [],
    notice: null,
    ...overrides,
  };
}

afterEach(() => sessionStorage.clear());

describe('the comparison results page', () => {
  it('compares the stored link and lists the same product elsewhere', async () => {
    saveProductRequest(requestId, new URL(pastedUrl));
    const { fetch } = stubApi({
      routes: {
        'POST /api/compare': (request) => {
          expect(request.body).toEqual({ url: pastedUrl, requestId });
          return json(buildResult());
        },
      },
    });
    renderAt(path);

    expect((await screen.findByText('Comparing prices…')).getAttribute('role')).toBe('status');
    const list = await screen.findByRole('list', { name: 'Same product elsewhere' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Comparing prices');
    expect(screen.getByText('Acme Kettle 1.7 L')).toBeTruthy();
    const [walmart, target] = Array.from(list.children) as [HTMLElement, HTMLElement];
    expect(walmart.textContent).toContain('Walmart');
    expect(walmart.textContent).toContain('$37.99');
    expect(walmart.textContent).toContain('Save $12.00');
    expect(walmart.textContent).toContain('In stock');
    expect(target.textContent).toContain('$3.00 more');
    const link = within(walmart).getByRole('link', { name: 'Acme 1.7L Electric Kettle' });
    expect(link.getAttribute('href')).toBe('https://www.walmart.com/ip/1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(within(walmart).getByText('Why we think it matches')).toBeTruthy();
    expect(within(walmart).getByText('same GTIN 00012345678905')).toBeTruthy();
    expect(sentRequests(fetch).filter((r) => r === 'POST /api/compare')).toHaveLength(1);
  });

  it('shows the empty state, the notice and similar products', async () => {
    saveProductRequest(requestId, new URL(pastedUrl));
    const alternative = { ...buildResult().sameProduct[0]!, title: 'Zeta Kettle 1.5 L' };
    stubApi({
      routes: {
        'POST /api/compare': () =>
          json(
            buildResult({
              sameProduct: [],
              alternatives: [alternative],
              notice: 'We could not read the page.',
            }),
          ),
      },
    });
    renderAt(path);

    expect(await screen.findByText('No other retailer has this product')).toBeTruthy();
    expect(screen.getByText('We could not read the page.')).toBeTruthy();
    const similar = screen.getByRole('list', { name: 'Similar products' });
    expect(within(similar).getByText('Zeta Kettle 1.5 L')).toBeTruthy();
  });

  it("shows the server's message and tries again", async () => {
    saveProductRequest(requestId, new URL(pastedUrl));
    let calls = 0;
    stubApi({
      routes: {
        'POST /api/compare': () => {
          calls += 1;
          return calls === 1
            ? apiError(422, 'unsupported_url', 'We cannot compare links from this shop yet.')
            : json(buildResult());
        },
      },
    });
    const user = userEvent.setup();
    renderAt(path);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We cannot compare links from this shop yet.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Same product elsewhere' })).toBeTruthy();
  });

  it('loads the saved comparison when this tab has no record of the link', async () => {
    const { fetch } = stubApi({
      routes: { [`GET /api/compare/${requestId}`]: () => json(buildResult()) },
    });
    renderAt(path);

    expect(await screen.findByRole('list', { name: 'Same product elsewhere' })).toBeTruthy();
    expect(sentRequests(fetch)).not.toContain('POST /api/compare');
  });

  it('shows the missing-link state when the server has no such comparison', async () => {
    stubApi();
    renderAt(path);
    expect(await screen.findByText('No product link found for this search')).toBeTruthy();
  });
});
