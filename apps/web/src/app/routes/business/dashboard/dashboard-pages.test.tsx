import type {
  ActivityItem,
  DashboardActivity,
  DashboardAnalytics,
  DashboardSummary,
} from '@ipick/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, buildBusiness, json, stubApi, type FakeRequest } from '@/test/fake-api';
import { renderAt } from '@/test/render-app';

// Pages load lazily; on a busy machine the first load of a page's code alone can take seconds.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
// Loaded once up front (charts included), so no test pays for it; the same allowance as a test.
beforeAll(async () => {
  await Promise.all([import('./home'), import('./activity'), import('./analytics')]);
}, 30_000);
beforeEach(() => {
  // jsdom has no layout; the charts only need to be told a size exists.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

const business = buildBusiness();
const today = new Date().toISOString().slice(0, 10);

function buildSummary(overrides: Partial<DashboardSummary> = {}): DashboardSummary {
  return {
    period: { from: '2025-03-01', to: '2025-03-07' },
    previousPeriod: { from: '2025-02-22', to: '2025-02-28' },
    hasData: true,
    clicks: { current: 40, previous: 20, change: 1 },
    uniqueShoppers: { current: 30, previous: 30, change: 0 },
    conversions: { current: 4, previous: 5, change: -0.2 },
    conversionRate: { current: 0.1, previous: 0.25, change: -0.6 },
    revenue: [
      { currency: 'USD', current: 12_345, previous: 10_000, change: 0.2345 },
      { currency: 'EUR', current: 3_000, previous: 0, change: null },
    ],
    topProducts: [
      {
        productId: '5f0c2b1e-1111-4a2b-8c3d-000000000001',
        offerId: null,
        title: 'Acme Kettle 1.7 L',
        clicks: 30,
        uniqueShoppers: 25,
        share: 0.75,
      },
    ],
    ...overrides,
  };
}

function query(request: FakeRequest): Record<string, string> {
  return Object.fromEntries(request.url.searchParams);
}

describe('/business/dashboard/checkout (home)', () => {
  it('shows each figure against the previous period, and the top products', async () => {
    const asked: Record<string, string>[] = [];
    stubApi({
      business,
      routes: {
        'GET /api/business/dashboard/summary': (request) => {
          asked.push(query(request));
          return json(buildSummary());
        },
      },
    });
    renderAt('/business/dashboard/checkout');

    await screen.findByRole('heading', { level: 2, name: 'Mar 1, 2025 – Mar 7, 2025' });
    const clicks = screen.getByRole('heading', { name: 'Clicks to your shop' }).parentElement!;
    expect(clicks.textContent).toContain('40');
    expect(clicks.textContent).toContain('+100%');
    expect(clicks.textContent).toContain('vs. 20 before');
    const conversions = screen.getByRole('heading', { name: 'Conversions' }).parentElement!;
    expect(conversions.textContent).toContain('−20%');
    const rate = screen.getByRole('heading', { name: 'Conversion rate' }).parentElement!;
    expect(rate.textContent).toContain('10%');
    expect(rate.textContent).toContain('vs. 25% before');
    const revenue = screen.getByRole('heading', { name: 'Revenue' }).parentElement!;
    expect(revenue.textContent).toContain('$123.45');
    expect(revenue.textContent).toContain('and €30.00');
    const top = screen.getByRole('list', { name: 'Top products' });
    expect(within(top).getByText('Acme Kettle 1.7 L')).toBeTruthy();
    expect(top.textContent).toContain('30 clicks · 75%');
    // The figures say what they count: only what ipick sent, net of refunds, and why the
    // Attribution page may credit more.
    const note = screen.getByText(
      /^Conversions and revenue count the leads and sales that came with an ipick/,
    );
    expect(note.textContent).toContain('referral or click id, within your attribution window.');
    expect(within(note).getByRole('link', { name: 'Attribution' }).getAttribute('href')).toBe(
      '/business/dashboard/checkout/attribution',
    );
    expect(asked[0]).toMatchObject({ to: today });
    // Clicks reach the figures through the click journal, a few seconds late.
    expect(
      screen.getByText(/Click figures are updated a few seconds after each click\.$/),
    ).toBeTruthy();
  });

  it('says "1 click" for a product clicked once', async () => {
    const kettle = buildSummary().topProducts[0]!;
    stubApi({
      business,
      routes: {
        'GET /api/business/dashboard/summary': () =>
          json(
            buildSummary({
              clicks: { current: 3, previous: 0, change: null },
              topProducts: [
                { ...kettle, clicks: 2, uniqueShoppers: 2, share: 2 / 3 },
                {
                  ...kettle,
                  productId: '5f0c2b1e-1111-4a2b-8c3d-000000000002',
                  title: 'Acme Toaster',
                  clicks: 1,
                  uniqueShoppers: 1,
                  share: 1 / 3,
                },
              ],
            }),
          ),
      },
    });
    renderAt('/business/dashboard/checkout');

    const top = await screen.findByRole('list', { name: 'Top products' });
    const rows = within(top).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Acme Kettle 1.7 L2 clicks · 66.7%',
      'Acme Toaster1 click · 33.3%',
    ]);
  });

  it('asks for another period when one is picked', async () => {
    const asked: Record<string, string>[] = [];
    stubApi({
      business,
      routes: {
        'GET /api/business/dashboard/summary': (request) => {
          asked.push(query(request));
          return json(buildSummary());
        },
      },
    });
    const user = userEvent.setup();
    renderAt('/business/dashboard/checkout');
    await screen.findByRole('heading', { name: 'Clicks to your shop' });

    await user.selectOptions(screen.getByLabelText('Period'), 'Last 30 days');
    await waitFor(() => expect(asked).toHaveLength(2));
    const from = new Date(Date.parse(`${today}T00:00:00Z`) - 29 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    expect(asked[1]).toEqual({ from, to: today });

    await user.selectOptions(screen.getByLabelText('Period'), 'Custom dates');
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2025-03-08');
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2025-03-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The first day must not be after the last day.',
    );
    expect(asked).toHaveLength(2);
  });

  it('teaches how to get data when there is none yet', async () => {
    stubApi({
      business,
      routes: {
        'GET /api/business/dashboard/summary': () =>
          json(buildSummary({ hasData: false, topProducts: [], revenue: [] })),
      },
    });
    renderAt('/business/dashboard/checkout');
    await screen.findByRole('heading', { name: 'No shoppers sent your way yet' });
    expect(screen.getByRole('link', { name: 'Integrate your shop' }).getAttribute('href')).toBe(
      '/business/dashboard/checkout/integrate',
    );
  });

  it('offers a retry when the figures cannot be loaded', async () => {
    let fail = true;
    stubApi({
      business,
      routes: {
        'GET /api/business/dashboard/summary': () =>
          fail
            ? apiError(400, 'invalid_request', 'to: the period is too long')
            : json(buildSummary()),
      },
    });
    const user = userEvent.setup();
    renderAt('/business/dashboard/checkout');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load your figures');
    expect(alert.textContent).toContain('The period is too long');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByRole('heading', { name: 'Clicks to your shop' });
  });
});

const click: ActivityItem = {
  type: 'click',
  id: 'c1',
  at: '2025-04-01T10:00:00.000Z',
  productTitle: 'Acme Kettle 1.7 L',
  targetUrl: 'https://lamps.example.com/kettle',
  page: '/new-search/x/kettle',
  utmCampaign: 'spring',
  deviceType: 'mobile',
  country: 'DE',
};
const sale: ActivityItem = {
  type: 'conversion',
  id: 'v1',
  at: '2025-04-01T11:00:00.000Z',
  kind: 'sale',
  orderId: 'A-1',
  amountMinor: 4_999,
  currency: 'USD',
  source: 'server',
  attributed: true,
};
const olderEvent: ActivityItem = {
  type: 'event',
  id: 'e1',
  at: '2025-03-01T11:00:00.000Z',
  eventType: 'add_to_cart',
  url: 'https://lamps.example.com/cart',
  attributed: false,
  orderId: null,
  amountMinor: null,
  currency: null,
};

describe('activity pages', () => {
  function stubActivity() {
    const asked: Record<string, string>[] = [];
    const api = stubApi({
      business,
      routes: {
        'GET /api/business/dashboard/activity': (request) => {
          const params = query(request);
          asked.push(params);
          let body: DashboardActivity;
          if (params.after === 'cursor-1') body = { items: [olderEvent], nextCursor: null };
          else if (params.type === 'conversion') body = { items: [sale], nextCursor: null };
          else body = { items: [sale, click], nextCursor: 'cursor-1' };
          return json(body);
        },
      },
    });
    return { ...api, asked };
  }

  it('lists clicks, events and conversions, filters them and loads older ones', async () => {
    const { asked } = stubActivity();
    const user = userEvent.setup();
    renderAt('/business/dashboard/checkout/activity');

    const list = await screen.findByRole('list', { name: 'Activity' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first!.textContent).toContain('Sale $49.99');
    expect(first!.textContent).toContain('From ipick');
    expect(first!.textContent).toContain('Order A-1 · sent by your server');
    expect(second!.textContent).toContain('Click to your shop');
    expect(second!.textContent).toContain('Acme Kettle 1.7 L · campaign spring · mobile · DE');
    expect(
      screen.getByText(
        'A click to your shop shows here a few seconds after the shopper follows it.',
      ),
    ).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Show older activity' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(list.textContent).toContain('Event add_to_cart');
    expect(asked.some((params) => params.after === 'cursor-1')).toBe(true);

    await user.selectOptions(screen.getByLabelText('Show'), 'Conversions');
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Activity' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
    expect(asked.at(-1)).toMatchObject({ type: 'conversion' });
  });

  it('keeps asking for new activity until paused', async () => {
    const { asked } = stubActivity();
    const user = userEvent.setup();
    renderAt('/business/dashboard/checkout/activity');
    await screen.findByRole('list', { name: 'Activity' });
    expect(screen.getByText('Live: refreshed every 3 seconds')).toBeTruthy();

    await waitFor(() => expect(asked.length).toBeGreaterThanOrEqual(2), { timeout: 8000 });
    const pause = screen.getByRole('button', { name: 'Pause' });
    await user.click(pause);
    expect(screen.getByRole('button', { name: 'Resume' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByText('Paused')).toBeTruthy();
    const count = asked.length;
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(asked.length).toBe(count);
  });

  it('at /business/activity, teaches how to integrate when nothing has arrived', async () => {
    stubApi({
      business,
      routes: {
        'GET /api/business/dashboard/activity': () => json({ items: [], nextCursor: null }),
      },
    });
    renderAt('/business/activity');
    await screen.findByRole('heading', { name: 'No activity yet' });
    expect(screen.getByRole('link', { name: 'Integrate your shop' }).getAttribute('href')).toBe(
      '/business/integrate',
    );
  });
});

const analytics: DashboardAnalytics = {
  period: { from: '2025-03-01', to: '2025-03-02' },
  interval: 'day',
  currencies: ['USD'],
  series: [
    { start: '2025-03-01', clicks: 3, uniqueShoppers: 2, conversions: 1, revenue: { USD: 4_999 } },
    { start: '2025-03-02', clicks: 1, uniqueShoppers: 1, conversions: 0, revenue: {} },
  ],
  totals: { clicks: 4, uniqueShoppers: 3, conversions: 1, revenue: { USD: 4_999 } },
  breakdowns: {
    product: [{ key: 'p1', label: 'Acme Kettle 1.7 L', clicks: 3, uniqueShoppers: 2, share: 0.75 }],
    page: [{ key: '/kettle', label: '/kettle', clicks: 4, uniqueShoppers: 3, share: 1 }],
    device: [{ key: 'mobile', label: 'Mobile', clicks: 4, uniqueShoppers: 3, share: 1 }],
    country: [{ key: 'DE', label: 'Germany', clicks: 4, uniqueShoppers: 3, share: 1 }],
    campaign: [{ key: null, label: 'No campaign', clicks: 4, uniqueShoppers: 3, share: 1 }],
  },
};

describe('/business/dashboard/checkout/analytics', () => {
  it('shows totals and breakdowns, groups by week and exports the same as CSV', async () => {
    const asked: Record<string, string>[] = [];
    stubApi({
      business,
      routes: {
        'GET /api/business/dashboard/analytics': (request) => {
          asked.push(query(request));
          return json(analytics);
        },
      },
    });
    const user = userEvent.setup();
    renderAt('/business/dashboard/checkout/analytics');

    await screen.findByRole('table', { name: 'Clicks by product' });
    expect(screen.getByText('$49.99')).toBeTruthy();
    expect(
      screen.getByText(/^Conversions and revenue count the leads and sales that came with an ipick/)
        .textContent,
    ).toContain('a sale refunded in full is not counted.');
    expect(screen.getByRole('rowheader', { name: 'Acme Kettle 1.7 L' })).toBeTruthy();
    expect(asked[0]).toMatchObject({ to: today, interval: 'day' });

    // The breakdown tabs follow the tabs pattern: arrow keys move and select.
    screen.getByRole('tab', { name: 'Product' }).focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Country' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('rowheader', { name: 'Germany' })).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Group by'), 'Week');
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ interval: 'week' }));
    const link = screen.getByRole('link', { name: 'Export CSV' });
    const href = new URL(link.getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe('/api/business/dashboard/analytics.csv');
    expect(Object.fromEntries(href.searchParams)).toEqual(asked.at(-1));
  });

  it('says when the period has nothing to chart', async () => {
    stubApi({
      business,
      routes: {
        'GET /api/business/dashboard/analytics': () =>
          json({
            ...analytics,
            currencies: [],
            series: [],
            totals: { clicks: 0, uniqueShoppers: 0, conversions: 0, revenue: {} },
          }),
      },
    });
    renderAt('/business/dashboard/checkout/analytics');
    await screen.findByRole('heading', { name: 'Nothing to chart in this period' });
  });
});
