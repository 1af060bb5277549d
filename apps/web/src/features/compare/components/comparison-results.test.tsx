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
    const list = await screen.findByRole('list', { name: 'Same product' });
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

  it('shows shipping under the total: an amount, free, or unknown', async () => {
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
    const list = await screen.findByRole('list', { name: 'Same product' });
    // Lowest total first; unknown shipping after a known total of the same amount.
    const [target, walmart, newegg] = Array.from(list.children) as HTMLElement[];
    expect(target!.textContent).toContain('Target');
    expect(target!.textContent).toContain('Free shipping');
    expect(walmart!.textContent).toContain('Walmart');
    expect(walmart!.textContent).toContain('Shipping unknown');
    expect(newegg!.textContent).toContain('Newegg');
    expect(newegg!.textContent).toContain('$40.98');
    expect(newegg!.textContent).toContain('$37.99 + $2.99 shipping');
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
    expect(screen.queryByRole('list', { name: 'Same product' })).toBeNull();

    answer(json(buildComparison()));
    expect(await screen.findByRole('list', { name: 'Same product' })).toBeTruthy();
    expect(screen.queryByText('Comparing prices…')).toBeNull();
  });

  it('shows the pasted product: picture in its frame, brand, price and link', async () => {
    const result = buildComparison();
    result.product.image = 'https://images.example.com/kettle.jpg';
    stubComparison(result);
    renderAt(path);

    const heading = await screen.findByRole('heading', { level: 2, name: 'Acme Kettle 1.7 L' });
    const card = heading.closest('.flex.gap-3') as HTMLElement;
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
    const list = await screen.findByRole('list', { name: 'Same product' });
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
      const list = await screen.findByRole('list', { name: 'Same product' });
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
    const card = heading.closest('.flex.gap-3') as HTMLElement;
    expect(card.querySelector('img')).toBeNull();
    expect(card.querySelector('.aspect-square svg')).toBeTruthy();
  });

  it('answers in one line on top, with shipping in, and names the tab after the product', async () => {
    const result = buildComparison({
      sameProduct: [
        buildOffer({
          retailerName: 'Amazon',
          priceMinor: 1195,
          shippingMinor: 599,
          savingsMinor: -101,
          tier: 'same',
        }),
        buildOffer({
          retailerName: 'eBay',
          priceMinor: 1227,
          shippingMinor: 0,
          savingsMinor: 566,
          tier: 'same',
        }),
      ],
    });
    result.product = {
      ...result.product,
      title: 'TCL QM655R 85" QLED Google TV, Black',
      priceMinor: 1094,
      shippingMinor: 699,
    };
    stubComparison(result);
    renderAt(path);

    expect(
      await screen.findByText('Best price: $12.27 at eBay — save $5.66 (32%) with shipping'),
    ).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('TCL QM655R 85″ QLED Google TV · ipick'));
    // Lowest total first: eBay's $12.27 with free shipping before Amazon's $11.95 + $5.99.
    const same = screen.getByRole('list', { name: 'Same product' });
    const [ebay, amazon] = within(same).getAllByRole('article');
    expect(ebay!.textContent).toContain('$12.27');
    expect(amazon!.textContent).toContain('$17.94');
    expect(amazon!.textContent).toContain('$11.95 + $5.99 shipping');
  });

  it('counts a refurbished unit of the very product as the same only when asked to', async () => {
    const refurbished = buildOffer({
      title: 'Acme Kettle 1.7 L (Renewed)',
      retailer: 'ebay',
      retailerName: 'eBay',
      condition: 'refurbished',
      priceMinor: 1999,
      shippingMinor: 0,
      savingsMinor: 3000,
      tier: 'similar',
      evidenceTier: 'same',
      differences: [{ kind: 'condition', text: 'Refurbished, not new' }],
      reasons: ['Refurbished, not new'],
    });
    stubComparison(buildComparison({ alternatives: [refurbished] }));
    const user = userEvent.setup({ delay: null });
    renderAt(path);

    const similar = await screen.findByRole('list', { name: 'Similar products' });
    expect(titlesIn(similar)).toEqual(['Acme Kettle 1.7 L (Renewed)']);
    expect(similar.textContent).toContain('Refurbished');
    expect(
      screen.getByText('Best price: $37.99 at Walmart — save $12.00 (24%) before shipping'),
    ).toBeTruthy();

    const filters = screen.getByRole('complementary', { name: 'Filters' });
    await user.click(within(filters).getByRole('checkbox', { name: /^Refurbished/ }));
    expect(titlesIn(screen.getByRole('list', { name: 'Same product' }))).toEqual([
      'Acme Kettle 1.7 L (Renewed)',
    ]);
    expect(screen.queryByRole('list', { name: 'Similar products' })).toBeNull();
    expect(
      screen.getByText('Best price: $19.99 at eBay — save $30.00 (60%) with shipping'),
    ).toBeTruthy();
  });

  it('labels offers in plain words, never a percentage, with reasons as sentences', async () => {
    stubComparison(
      buildComparison({
        sameProduct: [
          buildOffer({ title: 'Acme 1.7L Electric Kettle', tier: 'same', confidence: 1 }),
          buildOffer({
            title: 'Kettle by Acme',
            tier: 'probable',
            confidence: 0.61,
            reasons: ['Same brand (Acme)', 'Similar name'],
          }),
        ],
        alternatives: [
          buildOffer({
            title: 'Acme Kettle 1.0 L',
            tier: 'similar',
            evidenceTier: 'same',
            confidence: 0.9,
            differences: [{ kind: 'capacity', text: 'Different capacity: 1 L vs 1.7 L' }],
            reasons: ['Different capacity: 1 L vs 1.7 L', 'Same brand (Acme)'],
          }),
        ],
      }),
    );
    renderAt(path);

    await screen.findByRole('list', { name: 'Same product' });
    expect(document.body.textContent).not.toMatch(/\d+ ?% match/);
    const probable = screen.getByRole('list', { name: 'Probably the same — check the details' });
    expect(titlesIn(probable)).toEqual(['Kettle by Acme']);
    const summary = within(probable).getByText('What to check');
    const details = summary.closest('details')!;
    expect(details.open).toBe(false);
    await userEvent.setup({ delay: null }).click(summary);
    expect(details.open).toBe(true);
    expect(within(details).getByText('Similar name')).toBeTruthy();

    const similar = screen.getByRole('list', { name: 'Similar products' });
    const smaller = within(similar).getByRole('article');
    // The difference comes first, in plain words, before any other reason.
    expect(within(smaller).getAllByText('Different capacity: 1 L vs 1.7 L')).toHaveLength(2);
    expect(within(smaller).getAllByRole('listitem')[0]!.textContent).toBe(
      'Different capacity: 1 L vs 1.7 L',
    );
  });

  it('filters by retailer, stock and condition and says how many offers show', async () => {
    stubComparison(buildRichComparison());
    const user = userEvent.setup({ delay: null });
    renderAt(path);

    await screen.findByRole('list', { name: 'Same product' });
    const filters = screen.getByRole('complementary', { name: 'Filters' });
    expect(showing('Showing 5 of 5 offers')).toBe('status');
    const retailers = within(filters).getByRole('group', { name: 'Retailer' });
    expect(
      within(retailers)
        .getAllByRole('checkbox')
        .map((box) => box.parentElement?.textContent),
    ).toEqual(['Best Buy(1)', 'eBay(1)', 'Target(1)', 'Walmart(2)']);

    await user.click(within(filters).getByRole('checkbox', { name: /^eBay/ }));
    expect(titlesIn(screen.getByRole('list', { name: 'Same product' }))).toEqual([
      'Acme kettle (used)',
    ]);
    expect(screen.queryByRole('list', { name: 'Similar products' })).toBeNull();
    expect(screen.getByText('None of the 2 offers here match your filters.')).toBeTruthy();
    expect(showing('Showing 1 of 5 offers')).toBe('status');

    await user.click(within(filters).getByRole('checkbox', { name: /^Walmart/ }));
    expect(titlesIn(screen.getByRole('list', { name: 'Same product' }))).toEqual([
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
    expect(titlesIn(screen.getByRole('list', { name: 'Same product' }))).toEqual([
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

    await screen.findByRole('list', { name: 'Same product' });
    const filters = screen.getByRole('complementary', { name: 'Filters' });
    const conditions = within(filters).getByRole('group', { name: 'Condition' });
    expect(within(conditions).getAllByRole('checkbox')).toHaveLength(1);
    expect(within(conditions).getByRole('checkbox', { name: /^New/ })).toBeTruthy();
    expect(within(filters).queryByRole('checkbox', { name: /^Used/ })).toBeNull();

    const inStock = within(filters).getByRole('checkbox', { name: /^In stock only/ });
    inStock.focus();
    await user.keyboard(' ');
    expect((inStock as HTMLInputElement).checked).toBe(true);
    expect(titlesIn(screen.getByRole('list', { name: 'Same product' }))).toEqual([
      'Acme 1.7L Electric Kettle',
    ]);
  });

  it('says when the filters hide every offer, and clears them from there', async () => {
    stubComparison(buildRichComparison());
    const user = userEvent.setup({ delay: null });
    renderAt(path);

    await screen.findByRole('list', { name: 'Same product' });
    const filters = screen.getByRole('complementary', { name: 'Filters' });
    await user.click(within(filters).getByRole('checkbox', { name: /^Target/ }));
    await user.click(within(filters).getByRole('checkbox', { name: /^In stock only/ }));

    const empty = screen
      .getByRole('heading', { name: 'No offers match your filters' })
      .closest('section')!;
    expect(empty.textContent).toContain('All 5 offers are hidden by the filters you chose.');
    expect(screen.queryByRole('list', { name: 'Same product' })).toBeNull();
    expect(showing('Showing 0 of 5 offers')).toBe('status');

    await user.click(within(empty).getByRole('button', { name: 'Clear filters' }));
    expect(titlesIn(screen.getByRole('list', { name: 'Same product' }))).toHaveLength(3);
    expect(screen.queryByRole('heading', { name: 'No offers match your filters' })).toBeNull();
  });

  it('sorts by lowest total price (default) or best match', async () => {
    stubComparison(buildRichComparison());
    const user = userEvent.setup({ delay: null });
    renderAt(path);

    const same = await screen.findByRole('list', { name: 'Same product' });
    const sort = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sort by' });
    expect(sort.value).toBe('price');
    expect(titlesIn(same)).toEqual([
      'Acme kettle (used)',
      'Acme 1.7L Electric Kettle',
      'Kettle by Acme',
    ]);

    expect(Array.from(sort.options).map((option) => option.text)).toEqual([
      'Lowest total price',
      'Best match',
    ]);

    await user.selectOptions(sort, 'Best match');
    expect(titlesIn(screen.getByRole('list', { name: 'Same product' }))).toEqual([
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

    // The summary says it; no empty "Same product" section pushes the alternatives down.
    expect(
      await screen.findByText(
        "We didn't find this exact product at another shop — one similar product is below",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Same product' })).toBeNull();
    expect(
      screen.getByText(
        'ipick could not fetch that page, so it compared the words of the link instead.',
      ),
    ).toBeTruthy();
    const similar = screen.getByRole('list', { name: 'Similar products' });
    expect(within(similar).getByText('Zeta Kettle 1.5 L')).toBeTruthy();
    // A different model's lower price is its price difference, not a saving on the shopper's.
    expect(similar.textContent).toContain('$255.03 less');
    expect(similar.textContent).not.toMatch(/Save \$/);
  });

  it('badges a saving on the same product, and a price difference on similar ones', async () => {
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
    const same = await screen.findByRole('list', { name: 'Same product' });
    expect(same.textContent).toContain('Save $12.00');
    const similar = screen.getByRole('list', { name: 'Similar products' });
    expect(similar.textContent).not.toContain('Save');
    expect(similar.textContent).toContain('$255.03 less');
    expect(similar.textContent).toContain('$5.00 more');
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
    expect(await screen.findByRole('list', { name: 'Same product' })).toBeTruthy();
  });

  it('loads the saved comparison when this tab has no record of the link', async () => {
    const { fetch } = stubApi({
      routes: { [`GET /api/compare/${requestId}`]: () => json(buildComparison()) },
    });
    renderAt(path);

    expect(await screen.findByRole('list', { name: 'Same product' })).toBeTruthy();
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

    await screen.findByRole('list', { name: 'Same product' });
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
