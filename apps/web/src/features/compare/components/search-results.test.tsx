import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { saveProductRequest } from '@/lib/product-request-store';
import { apiError, json, sentRequests, stubApi } from '@/test/fake-api';
import { renderAt } from '@/test/render-app';
import {
  buildRichComparison,
  OLD_SEARCH_PATH as path,
  PASTED_URL as pastedUrl,
  REQUEST_ID as requestId,
} from '../test/build-comparison';

/** Each body row as its cells' text. */
function rowsOf(table: HTMLElement): string[][] {
  const [, body] = within(table).getAllByRole('rowgroup') as [HTMLElement, HTMLElement];
  return within(body)
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

beforeAll(async () => {
  // Whole-app renders share two busy cores with other suites; one second is not always enough.
  configure({ asyncUtilTimeout: 5000 });
  await import('@/app/routes/search');
});

describe('the old results page /search/:requestId/:slug', { timeout: 15_000 }, () => {
  it('lists every offer in one table, labelled, with price, retailer and savings', async () => {
    saveProductRequest(requestId, new URL(pastedUrl));
    const { fetch } = stubApi({
      routes: { 'POST /api/compare': () => json(buildRichComparison()) },
    });
    renderAt(path);

    expect(await screen.findByRole('heading', { level: 1, name: 'Search results' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'All offers for Acme Kettle 1.7 L' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Offer', 'Retailer', 'Match', 'Total price', 'Difference']);
    const unknown = 'Shipping unknown';
    expect(rowsOf(table)).toEqual([
      ['Acme kettle (used)', 'eBay', 'Same product', `$29.99${unknown}`, 'Save $20.00'],
      ['Acme 1.7L Electric Kettle', 'Walmart', 'Same product', `$37.99${unknown}`, 'Save $12.00'],
      ['Kettle by Acme', 'Target', 'Same product', `$52.99${unknown}`, '$3.00 more'],
      // A different product's lower price is its price difference, not a saving.
      ['Zeta Kettle 1.5 L', 'Best Buy', 'Similar', `$44.99${unknown}`, '$5.00 less'],
      ['Omega Kettle refurbished', 'Walmart', 'Similar', `$59.99${unknown}`, '$10.00 more'],
    ]);
    const link = within(table).getByRole('link', { name: 'Kettle by Acme' });
    const href = new URL(link.getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe('/api/redirect');
    expect(href.searchParams.get('offer')).toMatch(/^[0-9a-f-]{36}$/);
    expect(href.searchParams.get('from')).toBe(path);
    expect(link.getAttribute('rel')).toBe('sponsored noopener');
    expect(screen.getByText("ipick may earn a commission from retailers' links.")).toBeTruthy();
    expect(screen.getByText('Acme Kettle 1.7 L').closest('p')?.textContent).toBe(
      'Your product: Acme Kettle 1.7 L, $49.99 at Amazon',
    );
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(sentRequests(fetch).filter((r) => r === 'POST /api/compare')).toHaveLength(1);
  });

  it('works after a reload: loads the comparison by its request id', async () => {
    const { fetch } = stubApi({
      routes: { [`GET /api/compare/${requestId}`]: () => json(buildRichComparison()) },
    });
    renderAt(path);

    const table = await screen.findByRole('table', { name: 'All offers for Acme Kettle 1.7 L' });
    expect(rowsOf(table)).toHaveLength(5);
    expect(sentRequests(fetch)).not.toContain('POST /api/compare');
  });

  it("shows the server's message and tries again", async () => {
    saveProductRequest(requestId, new URL(pastedUrl));
    let calls = 0;
    stubApi({
      routes: {
        'POST /api/compare': () => {
          calls += 1;
          return calls === 1
            ? apiError(422, 'unsupported_url', 'Only http and https links can be compared.')
            : json(buildRichComparison());
        },
      },
    });
    renderAt(path);

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Only http and https links can be compared.')).toBeTruthy();
    await userEvent
      .setup({ delay: null })
      .click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeTruthy();
  });

  it('shows the missing-link state when the server has no such comparison', async () => {
    stubApi();
    renderAt(path);
    expect(await screen.findByText('No product link found for this search')).toBeTruthy();
  });
});
