import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/router';
import { resetDataLayerGuard } from '@/lib/data-layer';
import { saveProductRequest } from '@/lib/product-request-store';
import { getSessionId } from '@/lib/session-id';
import { UTM_STORAGE_KEY } from '@/lib/utm';
import { createQueryClient } from '@/lib/query-client';
import { apiError, json, sentRequests, stubApi } from '@/test/fake-api';
import { renderAt } from '@/test/render-app';
import {
  buildComparison,
  buildOffer,
  buildRichComparison,
  NEW_SEARCH_PATH as path,
  PASTED_URL as pastedUrl,
  REQUEST_ID as requestId,
} from '../test/build-comparison';

/** The offer titles of a list, top to bottom. */
function titlesIn(list: HTMLElement): string[] {
  return within(list)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

/** The query of a link through ipick's redirect. */
function redirectParams(link: HTMLElement): Record<string, string> {
  const url = new URL(link.getAttribute('href')!, 'http://localhost');
  expect(url.pathname).toBe('/api/redirect');
  return Object.fromEntries(url.searchParams);
}

function showing(text: string) {
  return screen.getByText(text).getAttribute('role');
}

function stubComparison(result = buildComparison()) {
  saveProductRequest(requestId, new URL(pastedUrl));
  return stubApi({ routes: { 'POST /api/compare': () => json(result) } });
}

// The page is a lazy chunk; loading it once up front keeps the first test within its timeouts.
beforeAll(async () => {
  // Whole-app renders share two busy cores with other suites; one second is not always enough.
  configure({ asyncUtilTimeout: 5000 });
  await import('@/app/routes/new-search');
});
beforeEach(() => {
  delete window.dataLayer;
  resetDataLayerGuard();
});
afterEach(() => sessionStorage.clear());

// Each test renders the whole app; on a busy machine that can take seconds.
describe('the comparison results page', { timeout: 15_000 }, () => {
  it('compares the stored link and lists the same product elsewhere', async () => {
    saveProductRequest(requestId, new URL(pastedUrl));
    const { fetch } = stubApi({
      routes: {
        'POST /api/compare': (request) => {
          expect(request.body).toEqual({ url: pastedUrl, requestId });
          return json(buildComparison());
        },
      },
    });
    renderAt(path);

    expect((await screen.findByText('Comparing prices…')).getAttribute('role')).toBe('status');
    const list = await screen.findByRole('list', { name: 'Same product elsewhere' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Comparing prices');
    expect(screen.getByRole('heading', { level: 2, name: 'Acme Kettle 1.7 L' })).toBeTruthy();
    const [walmart, target] = Array.from(list.children) as [HTMLElement, HTMLElement];
    expect(walmart.textContent).toContain('Walmart');
    expect(walmart.textContent).toContain('$37.99');
    expect(walmart.textContent).toContain('Save $12.00');
    expect(walmart.textContent).toContain('In stock');
    expect(target.textContent).toContain('$3.00 more');
    const link = within(walmart).getByRole('link', { name: 'Acme 1.7L Electric Kettle' });
    expect(redirectParams(link)).toEqual({
      offer: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
      session_id: getSessionId(),
      from: path,
    });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('sponsored noopener');
    expect(screen.getByText("ipick may earn a commission from retailers' links.")).toBeTruthy();
    expect(sentRequests(fetch).filter((r) => r === 'POST /api/compare')).toHaveLength(1);
  });

  it('shows known shipping beside the price: an amount, free, or nothing when unknown', async () => {
    stubComparison(
      buildComparison({
        sameProduct: [
          buildOffer({ retailerName: 'Newegg', shippingMinor: 299 }),
          buildOffer({ retailerName: 'Target', shippingMinor: 0 }),
          buildOffer({ retailerName: 'Walmart', shippingMinor: null }),
        ],
      }),
    );
    renderAt(path);
    const list = await screen.findByRole('list', { name: 'Same product elsewhere' });
    const [newegg, target, walmart] = Array.from(list.children) as HTMLElement[];
    expect(newegg!.textContent).toContain('+ $2.99 shipping');
    expect(target!.textContent).toContain('Free shipping');
    expect(walmart!.textContent).not.toMatch(/shipping/i);
  });

  it('keeps the results layout while comparing: skeleton, pasted link and a status', async () => {
    saveProductRequest(requestId, new URL(pastedUrl));
    let answer: (response: Response) => void = () => undefined;
    stubApi({
      routes: {
        'POST /api/compare': () => new Promise<Response>((resolve) => (answer = resolve)),
      },
    });
    renderAt(path);

    const status = await screen.findByText('Comparing prices…');
    expect(status.getAttribute('role')).toBe('status');
    expect(screen.getByText(pastedUrl)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Same product elsewhere' })).toBeNull();

    answer(json(buildComparison()));
    expect(await screen.findByRole('list', { name: 'Same product elsewhere' })).toBeTruthy();
    expect(screen.queryByText('Comparing prices…')).toBeNull();
  });

  it('shows the pasted product: picture in its frame, brand, price and link', async () => {
    const result = buildComparison();
    result.product.image = 'https://images.example.com/kettle.jpg';
    stubComparison(result);
    renderAt(path);

    const heading = await screen.findByRole('heading', { level: 2, name: 'Acme Kettle 1.7 L' });
    const card = heading.closest('.flex.gap-4') as HTMLElement;
    const image = card.querySelector('img');
    expect(image?.getAttribute('src')).toBe('https://images.example.com/kettle.jpg');
    expect(image?.parentElement?.className).toContain('aspect-square');
    expect(within(card).getByText('Brand: Acme')).toBeTruthy();
    expect(within(card).getByText('$49.99')).toBeTruthy();
    expect(within(card).getByText('Your product at Amazon')).toBeTruthy();
    const link = within(card).getByRole('link', { name: 'View at Amazon' });
    const { to, ...rest } = redirectParams(link);
    expect(rest).toEqual({ session_id: getSessionId(), from: path });
    // The pasted product's own link is an outbound link too (spec §9).
    const target = new URL(to!);
    expect(`${target.origin}${target.pathname}`).toBe(pastedUrl);
    expect(Object.fromEntries(target.searchParams)).toEqual({
      tag: 'ipick-20',
      ref: 'ipick',
      utm_source: 'ipick',
      utm_medium: 'price_comparison',
      utm_campaign: 'product_referral',
      session_id: getSessionId(),
      product_name: 'Acme Kettle 1.7 L',
    });
  });

  it('sends the stored UTM values with each offer link', async () => {
    sessionStorage.setItem(UTM_STORAGE_KEY, JSON.stringify({ source: 'news', campaign: 'spring' }));
    stubComparison();
    renderAt(path);
    const list = await screen.findByRole('list', { name: 'Same product elsewhere' });
    const link = within(list).getByRole('link', { name: 'Kettle by Acme' });
    expect(redirectParams(link)).toMatchObject({ utm_source: 'news', utm_campaign: 'spring' });
    const own = screen.getByRole('link', { name: 'View at Amazon' });
    expect(Object.fromEntries(new URL(redirectParams(own).to!).searchParams)).toMatchObject({
      utm_source: 'news',
      utm_medium: 'price_comparison',
      utm_campaign: 'spring',
    });
  });

  it("tracks the referral of a merchant's offer, then opens the tracked redirect", async () => {
    const merchantOffer = buildOffer({
      title: 'Lamp Shop kettle',
      retailer: 'lamps',
      retailerName: 'Lamp Shop',
      url: 'https://www.lamps.example.com/p/kettle',
      merchantDomain: 'lamps.example.com',
    });
    saveProductRequest(requestId, new URL(pastedUrl));
    const tracked = `${merchantOffer.url}?ipick_ref=aff_lampsexamplecom_1_x`;
    const { fetch } = stubApi({
      routes: {
        'POST /api/compare': () => json(buildComparison({ sameProduct: [merchantOffer] })),
        'POST /api/track/referral': (request) => {
          expect(request.body).toMatchObject({
            businessDomain: 'lamps.example.com',
            targetUrl: expect.stringMatching(
              /^https:\/\/www\.lamps\.example\.com\/p\/kettle\?ref=ipick&utm_source=ipick&.*session_id=/,
            ) as string,
            productName: 'Lamp Shop kettle',
          });
          return json({ success: true, referralId: 'aff_lampsexamplecom_1_x', targetUrl: tracked });
        },
      },
    });
    const tab = { opener: window as unknown, location: { href: 'about:blank' } };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    try {
      renderAt(path);
      const list = await screen.findByRole('list', { name: 'Same product elsewhere' });
      await userEvent.click(within(list).getByRole('link', { name: 'Lamp Shop kettle' }));
      expect(open).toHaveBeenCalledWith('about:blank', '_blank');
      await waitFor(() => expect(tab.location.href).toContain('/api/redirect?'));
      const sent = new URL(tab.location.href);
      expect(Object.fromEntries(sent.searchParams)).toMatchObject({
        to: tracked,
        offer: merchantOffer.offerId,
        session_id: getSessionId(),
      });
      expect(tab.opener).toBeNull();
      expect(sentRequests(fetch)).toContain('POST /api/track/referral');
    } finally {
      open.mockRestore();
    }
  });

  it('shows a placeholder in the same frame when the product has no picture', async () => {
    stubComparison();
    renderAt(path);

    const heading = await screen.findByRole('heading', { level: 2, name: 'Acme Kettle 1.7 L' });
    const card = heading.closest('.flex.gap-4') as HTMLElement;
    expect(card.querySelector('img')).toBeNull();
    expect(card.querySelector('.aspect-square svg')).toBeTruthy();
  });

  it('shows the confidence as a percentage and the match reasons on expand', async () => {
    stubComparison();
    renderAt(path);

    const list = await screen.findByRole('list', { name: 'Same product elsewhere' });
    const [walmart, target] = Array.from(list.children) as [HTMLElement, HTMLElement];
    expect(within(walmart).getByText('100% match')).toBeTruthy();
    expect(within(target).getByText('90% match')).toBeTruthy();
    const summary = within(target).getByText('Why we think it matches');
    const details = summary.closest('details')!;
    expect(details.open).toBe(false);
    await userEvent.setup({ delay: null }).click(summary);
    expect(details.open).toBe(true);
    expect(within(details).getByText('title words match')).toBeTruthy();
  });

  it('filters by retailer, stock and condition and says how many offers show', async () => {
    stubComparison(buildRichComparison());
    const user = userEvent.setup({ delay: null });
    renderAt(path);

    await screen.findByRole('list', { name: 'Same product elsewhere' });
    const filters = screen.getByRole('complementary', { name: 'Filters' });
    expect(showing('Showing 5 of 5 offers')).toBe('status');
    const retailers = within(filters).getByRole('group', { name: 'Retailer' });
    expect(
      within(retailers)
        .getAllByRole('checkbox')
        .map((box) => box.parentElement?.textContent),
    ).toEqual(['Best Buy(1)', 'eBay(1)', 'Target(1)', 'Walmart(2)']);

    await user.click(within(filters).getByRole('checkbox', { name: /^eBay/ }));
    expect(titlesIn(screen.getByRole('list', { name: 'Same product elsewhere' }))).toEqual([
      'Acme kettle (used)',
    ]);
    expect(screen.queryByRole('list', { name: 'Similar products' })).toBeNull();
    expect(screen.getByText('None of the 2 offers here match your filters.')).toBeTruthy();
    expect(showing('Showing 1 of 5 offers')).toBe('status');

    await user.click(within(filters).getByRole('checkbox', { name: /^Walmart/ }));
    expect(titlesIn(screen.getByRole('list', { name: 'Same product elsewhere' }))).toEqual([
      'Acme kettle (used)',
      'Acme 1.7L Electric Kettle',
    ]);
    expect(titlesIn(screen.getByRole('list', { name: 'Similar products' }))).toEqual([
      'Omega Kettle refurbished',
    ]);
    expect(showing('Showing 3 of 5 offers')).toBe('status');

    await user.click(within(filters).getByRole('checkbox', { name: /^In stock only/ }));
    expect(screen.queryByRole('list', { name: 'Similar products' })).toBeNull();
    expect(showing('Showing 2 of 5 offers')).toBe('status');

    await user.click(within(filters).getByRole('checkbox', { name: /^Used/ }));
    expect(titlesIn(screen.getByRole('list', { name: 'Same product elsewhere' }))).toEqual([
      'Acme kettle (used)',
    ]);
    expect(showing('Showing 1 of 5 offers')).toBe('status');

    await user.click(within(filters).getByRole('button', { name: 'Clear filters' }));
    expect(showing('Showing 5 of 5 offers')).toBe('status');
    for (const box of within(filters).getAllByRole('checkbox')) {
      expect((box as HTMLInputElement).checked).toBe(false);
    }
    expect(
      within(filters).getByRole<HTMLButtonElement>('button', { name: 'Clear filters' }).disabled,
    ).toBe(true);
  });

  it('offers only the conditions present, and works from the keyboard', async () => {
    stubComparison();
    const user = userEvent.setup({ delay: null });
    renderAt(path);

    await screen.findByRole('list', { name: 'Same product elsewhere' });
    const filters = screen.getByRole('complementary', { name: 'Filters' });
    const conditions = within(filters).getByRole('group', { name: 'Condition' });
    expect(within(conditions).getAllByRole('checkbox')).toHaveLength(1);
    expect(within(conditions).getByRole('checkbox', { name: /^New/ })).toBeTruthy();
    expect(within(filters).queryByRole('checkbox', { name: /^Used/ })).toBeNull();

    const inStock = within(filters).getByRole('checkbox', { name: /^In stock only/ });
    inStock.focus();
    await user.keyboard(' ');
    expect((inStock as HTMLInputElement).checked).toBe(true);
    expect(titlesIn(screen.getByRole('list', { name: 'Same product elsewhere' }))).toEqual([
      'Acme 1.7L Electric Kettle',
    ]);
  });

  it('says when the filters hide every offer, and clears them from there', async () => {
    stubComparison(buildRichComparison());
    const user = userEvent.setup({ delay: null });
    renderAt(path);

    await screen.findByRole('list', { name: 'Same product elsewhere' });
    const filters = screen.getByRole('complementary', { name: 'Filters' });
    await user.click(within(filters).getByRole('checkbox', { name: /^Target/ }));
    await user.click(within(filters).getByRole('checkbox', { name: /^In stock only/ }));

    const empty = screen
      .getByRole('heading', { name: 'No offers match your filters' })
      .closest('section')!;
    expect(empty.textContent).toContain('All 5 offers are hidden by the filters you chose.');
    expect(screen.queryByRole('list', { name: 'Same product elsewhere' })).toBeNull();
    expect(showing('Showing 0 of 5 offers')).toBe('status');

    await user.click(within(empty).getByRole('button', { name: 'Clear filters' }));
    expect(titlesIn(screen.getByRole('list', { name: 'Same product elsewhere' }))).toHaveLength(3);
    expect(screen.queryByRole('heading', { name: 'No offers match your filters' })).toBeNull();
  });

  it('sorts by lowest price (default), biggest saving and best match', async () => {
    stubComparison(buildRichComparison());
    const user = userEvent.setup({ delay: null });
    renderAt(path);

    const same = await screen.findByRole('list', { name: 'Same product elsewhere' });
    const sort = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sort by' });
    expect(sort.value).toBe('price');
    expect(titlesIn(same)).toEqual([
      'Acme kettle (used)',
      'Acme 1.7L Electric Kettle',
      'Kettle by Acme',
    ]);

    await user.selectOptions(sort, 'Biggest saving');
    expect(titlesIn(screen.getByRole('list', { name: 'Same product elsewhere' }))).toEqual([
      'Acme kettle (used)',
      'Acme 1.7L Electric Kettle',
      'Kettle by Acme',
    ]);
    expect(titlesIn(screen.getByRole('list', { name: 'Similar products' }))).toEqual([
      'Zeta Kettle 1.5 L',
      'Omega Kettle refurbished',
    ]);

    await user.selectOptions(sort, 'Best match');
    expect(titlesIn(screen.getByRole('list', { name: 'Same product elsewhere' }))).toEqual([
      'Acme 1.7L Electric Kettle',
      'Acme kettle (used)',
      'Kettle by Acme',
    ]);
    expect(titlesIn(screen.getByRole('list', { name: 'Similar products' }))).toEqual([
      'Omega Kettle refurbished',
      'Zeta Kettle 1.5 L',
    ]);
  });

  it('shows the notice, the no-same-product state and similar products', async () => {
    const alternative = buildOffer({ title: 'Zeta Kettle 1.5 L', savingsMinor: 25503 });
    stubComparison(
      buildComparison({
        sameProduct: [],
        alternatives: [alternative],
        notice: 'ipick could not fetch that page, so it compared the words of the link instead.',
      }),
    );
    renderAt(path);

    expect(await screen.findByText('No other retailer has this product')).toBeTruthy();
    expect(
      screen.getByText(
        'ipick could not fetch that page, so it compared the words of the link instead.',
      ),
    ).toBeTruthy();
    const similar = screen.getByRole('list', { name: 'Similar products' });
    expect(within(similar).getByText('Zeta Kettle 1.5 L')).toBeTruthy();
    // A different model's lower price is not a saving on the shopper's product: no badge.
    expect(similar.textContent).not.toMatch(/Save \$|\$255\.03/);
  });

  it('badges savings for the same product only, not for similar products', async () => {
    stubComparison(
      buildComparison({
        sameProduct: [buildOffer({ title: 'Acme kettle', savingsMinor: 1200 })],
        alternatives: [
          buildOffer({ title: 'Zeta kettle', savingsMinor: 25503 }),
          buildOffer({ title: 'Omega kettle', savingsMinor: -500 }),
        ],
      }),
    );
    renderAt(path);
    const same = await screen.findByRole('list', { name: 'Same product elsewhere' });
    expect(same.textContent).toContain('Save $12.00');
    const similar = screen.getByRole('list', { name: 'Similar products' });
    expect(similar.textContent).not.toContain('Save');
    expect(similar.textContent).not.toContain('$255.03');
    expect(similar.textContent).not.toContain('$5.00 more');
  });

  it('suggests another link when nothing at all was found', async () => {
    stubComparison(buildComparison({ sameProduct: [], alternatives: [] }));
    renderAt(path);

    expect(await screen.findByText('We found no offers to compare')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Compare another link' }).getAttribute('href')).toBe(
      '/',
    );
    expect(screen.queryByRole('complementary', { name: 'Filters' })).toBeNull();
  });

  it.each([
    [404, 'page_not_found', 'That page does not exist (the shop answered 404).'],
    [422, 'no_product_found', 'We found no product on that page.'],
    [422, 'not_a_product_link', 'This link is not a product page.'],
  ])("shows the server's message (%s %s) verbatim and tries again", async (status, code, text) => {
    saveProductRequest(requestId, new URL(pastedUrl));
    let calls = 0;
    stubApi({
      routes: {
        'POST /api/compare': () => {
          calls += 1;
          return calls === 1 ? apiError(status, code, text) : json(buildComparison());
        },
      },
    });
    const user = userEvent.setup({ delay: null });
    renderAt(path);

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(text)).toBeTruthy();
    expect(
      within(alert).getByRole('link', { name: 'Compare another link' }).getAttribute('href'),
    ).toBe('/');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Same product elsewhere' })).toBeTruthy();
  });

  it('loads the saved comparison when this tab has no record of the link', async () => {
    const { fetch } = stubApi({
      routes: { [`GET /api/compare/${requestId}`]: () => json(buildComparison()) },
    });
    renderAt(path);

    expect(await screen.findByRole('list', { name: 'Same product elsewhere' })).toBeTruthy();
    expect(sentRequests(fetch)).not.toContain('POST /api/compare');
    // Reopening a comparison is not a new search; its results are still a comparison view.
    const events = (window.dataLayer ?? []) as { event: string }[];
    expect(events.map((entry) => entry.event)).toEqual(['price_comparison']);
  });

  it('shows the missing-link state when the server has no such comparison', async () => {
    stubApi();
    renderAt(path);
    expect(await screen.findByText('No product link found for this search')).toBeTruthy();
  });
});

describe('data-layer pushes (spec §7)', { timeout: 15_000 }, () => {
  it('pushes one search and one price_comparison, even under StrictMode', async () => {
    stubComparison(buildRichComparison());
    const router = createMemoryRouter(routes, { initialEntries: [path] });
    render(
      <StrictMode>
        <AppProviders queryClient={createQueryClient()}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );

    await screen.findByRole('list', { name: 'Same product elsewhere' });
    await waitFor(() => expect(window.dataLayer).toHaveLength(2));
    const [search, comparison] = window.dataLayer as Record<string, unknown>[];
    expect(search).toMatchObject({
      event: 'search',
      currency: 'USD',
      request_id: requestId,
      item: { url: pastedUrl, retailer: 'Amazon' },
    });
    expect(typeof search!.session_id).toBe('string');
    expect(search).toHaveProperty('referrer');
    expect(search).toHaveProperty('utm_source');
    expect(comparison).toMatchObject({
      event: 'price_comparison',
      currency: 'USD',
      item: { title: 'Acme Kettle 1.7 L', brand: 'Acme', price: 49.99, retailer: 'Amazon' },
      same_product_count: 3,
      alternatives_count: 2,
      session_id: search!.session_id,
    });

    // Using the filters re-renders the page; nothing more is pushed.
    await userEvent.setup({ delay: null }).click(screen.getByRole('checkbox', { name: /^eBay/ }));
    expect(window.dataLayer).toHaveLength(2);
  });
});
