import type { ComparedOffer, CompareResponse } from '@ipick/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { saveProductRequest } from '@/lib/product-request-store';
import { apiError, json, stubApi, type FakeRoute } from '@/test/fake-api';
import { renderAt } from '@/test/render-app';

const requestId = '0d6f4c2a-1b3e-4f5a-8b7c-9d0e1f2a3b4c';
const reportId = '7e6d5c4b-3a29-4817-8f6e-5d4c3b2a1908';
const pastedUrl = 'https://www.amazon.com/dp/B000000001';
const path = `/new-search/${requestId}/amazon-com-b000000001`;

function buildOffer(overrides: Partial<ComparedOffer>): ComparedOffer {
  return {
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
    confidence: 0.93,
    tier: 'same',
    reasons: [],
    ...overrides,
  };
}

const sameOffer = buildOffer({});
const similarOffer = buildOffer({
  offerId: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
  title: 'Acme 1.5L Electric Kettle',
  retailer: 'target',
  retailerName: 'Target',
  url: 'https://www.target.com/p/2',
  confidence: 0.6,
  tier: 'similar',
});

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
  sameProduct: [sameOffer],
  alternatives: [similarOffer],
  notice: null,
};

const receipt = (note: string | null) => ({
  report: { id: reportId, status: 'pending', note, createdAt: '2026-01-02T03:04:05.000Z' },
});

function routes(overrides: Record<string, FakeRoute> = {}): Record<string, FakeRoute> {
  return {
    'POST /api/compare': () => json(comparison),
    'GET /api/favorites': () => json({ items: [] }),
    'GET /api/price-alerts': () => json({ items: [] }),
    'POST /api/match-reports': () => json(receipt(null), 201),
    [`PATCH /api/match-reports/${reportId}`]: ({ body }) =>
      json(receipt((body as { note: string }).note)),
    ...overrides,
  };
}

/** The offer card whose title link names `title`. */
async function offerCard(title: string) {
  const link = await screen.findByRole('link', { name: new RegExp(title) });
  return link.closest('li')!;
}

const reportButton = /^Not the same product\?/;

beforeAll(async () => {
  // Whole-app renders share two busy cores with other suites; one second is not always enough.
  configure({ asyncUtilTimeout: 5000 });
  await import('@/app/routes/new-search');
});

describe('"Not the same product?" on the results page', { timeout: 30_000 }, () => {
  it('reports a listing shown as the same product in one click, then takes a note', async () => {
    saveProductRequest(requestId, new URL(pastedUrl));
    const { fetch } = stubApi({ routes: routes() });
    const user = userEvent.setup({ delay: null });
    renderAt(path);

    const card = await offerCard('Acme 1.7L Electric Kettle');
    // The offers' actions are a chunk of their own, drawn once it has loaded.
    const button = await within(card).findByRole('button', { name: reportButton });
    // A listing shown as similar claims nothing, so it has nothing to report.
    const similar = await offerCard('Acme 1.5L Electric Kettle');
    expect(within(similar).queryByRole('button', { name: reportButton })).toBeNull();

    await user.click(button);
    const thanks = await within(card).findByText(/^Thanks, you reported this listing/);
    // The button is gone; keyboard focus is on what replaced it, not lost to the page.
    expect(within(card).queryByRole('button', { name: reportButton })).toBeNull();
    await waitFor(() => expect(thanks.parentElement).toBe(document.activeElement));

    await user.type(within(card).getByLabelText('Add a note (optional)'), 'It is the 1.5 L one.');
    await user.click(within(card).getByRole('button', { name: 'Send note' }));
    expect(await within(card).findByText('Your note was added. Thank you.')).toBeTruthy();

    const sent = fetch.mock.calls
      .filter(([input]) => typeof input === 'string' && input.startsWith('/api/match-reports'))
      .map(([input, init]): unknown[] => [
        init?.method,
        input,
        JSON.parse(init!.body as string) as unknown,
      ]);
    expect(sent).toEqual([
      ['POST', '/api/match-reports', { requestId, offerId: sameOffer.offerId }],
      ['PATCH', `/api/match-reports/${reportId}`, { note: 'It is the 1.5 L one.' }],
    ]);
  });

  it('says why a report was refused and lets the shopper try again', async () => {
    saveProductRequest(requestId, new URL(pastedUrl));
    let refusals = 1;
    stubApi({
      routes: routes({
        'POST /api/match-reports': () =>
          refusals-- > 0
            ? apiError(
                429,
                'rate_limited',
                'You have sent 10 reports in the last hour, the most ipick takes. Try again in 12 minutes.',
              )
            : json(receipt(null), 201),
      }),
    });
    const user = userEvent.setup({ delay: null });
    renderAt(path);

    const card = await offerCard('Acme 1.7L Electric Kettle');
    const button = await within(card).findByRole('button', { name: reportButton });
    await user.click(button);
    expect((await within(card).findByRole('alert')).textContent).toBe(
      'You have sent 10 reports in the last hour, the most ipick takes. Try again in 12 minutes.',
    );
    expect(document.activeElement).toBe(button);
    await user.click(button);
    expect(await within(card).findByText(/^Thanks, you reported this listing/)).toBeTruthy();
  });
});
