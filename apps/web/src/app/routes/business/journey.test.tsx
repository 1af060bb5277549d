import type { JourneyResponse, JourneyStepView, JourneySummary } from '@ipick/contracts';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apiError, buildBusiness, json, stubApi } from '@/test/fake-api';
import { renderAt } from '@/test/render-app';

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });
beforeAll(async () => {
  await import('./journey');
});

const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3_600_000).toISOString();

function buildSummary(overrides: Partial<JourneySummary> = {}): JourneySummary {
  return {
    orderId: 'order-1001',
    kinds: ['sale'],
    amountMinor: 4999,
    refundedMinor: 0,
    currency: 'USD',
    shopperId: 'v-3f9a2b7c1d',
    quotesReferral: true,
    firstAt: at(5),
    lastAt: at(5),
    ...overrides,
  };
}

const journey: JourneyResponse = {
  orderId: 'order-1001',
  windowDays: 30,
  steps: [
    {
      type: 'click',
      id: 'c1',
      source: 'referral',
      referralId: 'aff_1',
      sessionId: 's-1',
      occurredAt: at(48),
      targetUrl: 'https://lamps.example.com/p/brass-desk-lamp',
      sourceUrl: null,
      productName: 'Brass Desk Lamp',
      utmSource: 'ipick',
      utmMedium: 'price_comparison',
      utmCampaign: 'product_referral',
    },
    {
      type: 'event',
      id: 'e1',
      eventType: 'page_view',
      url: 'https://lamps.example.com/p/brass-desk-lamp?utm_source=ipick&utm_campaign=product_referral',
      referralId: 'aff_1',
      sessionId: 's-1',
      visitorId: 'v-3f9a2b7c1d',
      occurredAt: at(47),
    },
    {
      type: 'conversion',
      id: '7d1d2c3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
      kind: 'sale',
      orderId: 'order-1001',
      amountMinor: 4999,
      currency: 'USD',
      clickId: null,
      referralId: 'aff_1',
      visitorId: 'v-3f9a2b7c1d',
      sessionId: null,
      source: 'server',
      occurredAt: at(5),
      receivedAt: at(5),
    },
  ],
  attribution: [
    {
      conversionId: '7d1d2c3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
      refundedMinor: 0,
      credits: {
        last_click: [
          { clickId: 'c1', referralId: 'aff_1', occurredAt: at(48), share: 1, amountMinor: 4999 },
        ],
      },
    },
  ],
};

describe('/business/dashboard/journey', () => {
  it('lists recent journeys and opens one as a timeline', async () => {
    stubApi({
      business: buildBusiness(),
      routes: {
        'GET /api/business/journeys/recent': () =>
          json({ items: [buildSummary()], page: 1, pageSize: 20, total: 1 }),
        'GET /api/business/journeys': ({ url }) =>
          url.searchParams.get('orderId') === 'order-1001'
            ? json(journey)
            : apiError(404, 'not_found', 'no such order'),
      },
    });
    const user = userEvent.setup();
    const { router } = renderAt('/business/dashboard/journey');

    const orders = await screen.findByRole('list', { name: 'Orders' });
    const [row] = within(orders).getAllByRole('listitem');
    expect(row!.textContent).toContain('Shopper v-3f9a2b');
    expect(row!.textContent).toContain('$49.99');
    expect(row!.textContent).toContain('ipick referral');

    await user.click(within(row!).getByRole('link', { name: 'Order order-1001' }));
    expect(router.state.location.search).toBe('?orderId=order-1001');
    const timeline = await screen.findByRole('list', { name: 'Journey of order order-1001' });
    const steps = within(timeline).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('p')?.textContent)).toEqual([
      'ipick click: Brass Desk Lamp',
      'Visited a page',
      'Purchase $49.99This order',
    ]);
    // Pages are shown by host and path, the full landing address on hover.
    const landing = within(steps[1]!).getByText('lamps.example.com/p/brass-desk-lamp');
    expect(landing.getAttribute('title')).toBe(
      'https://lamps.example.com/p/brass-desk-lamp?utm_source=ipick&utm_campaign=product_referral',
    );
    const links = screen.getByRole('navigation', { name: 'Journey links' });
    expect(
      within(links).getByRole('link', { name: 'Back to the dashboard' }).getAttribute('href'),
    ).toBe('/business/dashboard/checkout');
    expect(within(links).getByRole('link', { name: 'All journeys' }).getAttribute('href')).toBe(
      '/business/dashboard/journey',
    );
    const credit = screen.getByRole('table', { name: 'Purchase $49.99 · order order-1001' });
    expect(within(credit).getByRole('row', { name: /Last click/ }).textContent).toContain(
      'click 1: 100 % ($49.99)',
    );
    expect(within(credit).getByRole('row', { name: /First click/ }).textContent).toContain(
      'No ipick click within the window',
    );
  });

  it('says "1 day" for a one-day window', async () => {
    stubApi({
      business: buildBusiness(),
      routes: { 'GET /api/business/journeys': () => json({ ...journey, windowDays: 1 }) },
    });
    renderAt('/business/dashboard/journey?orderId=order-1001');
    expect((await screen.findByText(/Clicks count toward a purchase/)).textContent).toBe(
      '1 ipick click, 1 tracked visit or event. Clicks count toward a purchase for 1 day.',
    );
  });

  it('says an order is refunded only when its refunds gave all of it back', async () => {
    stubApi({
      business: buildBusiness(),
      routes: {
        'GET /api/business/journeys/recent': () =>
          json({
            items: [
              buildSummary({ orderId: 'full', kinds: ['sale', 'refund'], refundedMinor: 4999 }),
              buildSummary({ orderId: 'part', kinds: ['sale', 'refund'], refundedMinor: 300 }),
              buildSummary({ orderId: 'nothing', kinds: ['sale', 'refund'], refundedMinor: 0 }),
              buildSummary({ orderId: 'kept' }),
            ],
            page: 1,
            pageSize: 20,
            total: 4,
          }),
      },
    });
    renderAt('/business/dashboard/journey');

    const orders = await screen.findByRole('list', { name: 'Orders' });
    const badgesOf = (orderId: string) => {
      const link = within(orders).getByRole('link', { name: `Order ${orderId}` });
      const row = link.closest('li')!;
      return ['Refunded', 'Partly refunded'].filter((label) => within(row).queryByText(label));
    };
    expect(badgesOf('full')).toEqual(['Refunded']);
    expect(badgesOf('part')).toEqual(['Partly refunded']);
    expect(badgesOf('nothing')).toEqual(['Partly refunded']);
    expect(badgesOf('kept')).toEqual([]);
  });

  it("credits the order asked for first and names each of the shopper's other conversions", async () => {
    const sale = journey.steps[2] as Extract<JourneyStepView, { type: 'conversion' }>;
    const conversion = (id: string, overrides: Partial<typeof sale>) => ({
      ...sale,
      id,
      ...overrides,
    });
    const credit = (amountMinor: number) => ({
      last_click: [
        { clickId: 'c1', referralId: 'aff_1', occurredAt: at(48), share: 1, amountMinor },
      ],
    });
    const steps: JourneyStepView[] = [
      journey.steps[0]!,
      conversion('1d1d2c3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e', {
        orderId: 'ORDER-1001',
        amountMinor: 11_900,
        occurredAt: at(40),
      }),
      conversion('2d1d2c3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e', {
        kind: 'refund',
        orderId: 'ORDER-1001',
        amountMinor: 11_900,
        occurredAt: at(30),
      }),
      conversion('3d1d2c3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e', {
        kind: 'lead',
        orderId: 'SIGNUP-7',
        amountMinor: 0,
        occurredAt: at(20),
      }),
      conversion('4d1d2c3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e', {
        orderId: 'ORDER-1005',
        amountMinor: 23_800,
        occurredAt: at(5),
      }),
    ];
    stubApi({
      business: buildBusiness(),
      routes: {
        'GET /api/business/journeys': () =>
          json({
            orderId: 'ORDER-1005',
            windowDays: 30,
            steps,
            attribution: [
              {
                conversionId: '1d1d2c3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
                refundedMinor: 11_900,
                credits: credit(0),
              },
              {
                conversionId: '3d1d2c3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
                refundedMinor: 0,
                credits: credit(0),
              },
              {
                conversionId: '4d1d2c3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
                refundedMinor: 0,
                credits: credit(23_800),
              },
            ],
          } satisfies JourneyResponse),
      },
    });
    renderAt('/business/dashboard/journey?orderId=ORDER-1005');

    const timeline = await screen.findByRole('list', { name: 'Journey of order ORDER-1005' });
    const own = within(timeline)
      .getAllByRole('listitem')
      .filter((step) => step.textContent?.includes('This order'));
    expect(own.map((step) => step.querySelector('p')?.textContent)).toEqual([
      'Purchase $238.00This order',
    ]);

    const ownCredit = screen.getByRole('region', {
      name: 'Who gets the credit for order ORDER-1005',
    });
    const [table, ...more] = within(ownCredit).getAllByRole('table');
    expect(more).toEqual([]);
    expect(table!.querySelector('caption')?.textContent).toBe(
      'Purchase $238.00 · order ORDER-1005',
    );
    expect(within(table!).getByRole('row', { name: /Last click/ }).textContent).toContain(
      'click 1: 100 % ($238.00)',
    );

    const others = screen.getByRole('region', { name: "The shopper's other conversions" });
    expect([...others.querySelectorAll('summary')].map((summary) => summary.textContent)).toEqual([
      'Purchase $119.00 · order ORDER-1001 · refunded in full, so no credit',
      'Sign-up (lead) · order SIGNUP-7',
    ]);
    expect(
      within(others)
        .getByRole('link', { name: 'Open the journey of order ORDER-1001' })
        .getAttribute('href'),
    ).toBe('/business/dashboard/journey?orderId=ORDER-1001');
  });

  it('searches by order id and says when nothing matches', async () => {
    const searches: (string | null)[] = [];
    stubApi({
      business: buildBusiness(),
      routes: {
        'GET /api/business/journeys/recent': ({ url }) => {
          searches.push(url.searchParams.get('query'));
          return json({ items: [], page: 1, pageSize: 20, total: 0 });
        },
      },
    });
    const user = userEvent.setup();
    renderAt('/business/dashboard/journey');
    expect(await screen.findByRole('heading', { name: 'No journeys yet' })).toBeTruthy();
    await user.type(screen.getByRole('searchbox', { name: 'Find an order id' }), 'A-77{Enter}');
    expect(
      await screen.findByRole('heading', { name: 'No order id contains “A-77”' }),
    ).toBeTruthy();
    expect(searches).toEqual([null, 'A-77']);
  });

  it('names an unknown order and retries other failures', async () => {
    let fails = true;
    stubApi({
      business: buildBusiness(),
      routes: {
        'GET /api/business/journeys': ({ url }) =>
          url.searchParams.get('orderId') === 'nope'
            ? apiError(404, 'not_found', 'orderId: there is no conversion with order id nope')
            : fails
              ? apiError(503, 'service_unavailable', 'Try again soon.')
              : json(journey),
      },
    });
    const user = userEvent.setup();
    const first = renderAt('/business/dashboard/journey?orderId=nope');
    expect((await screen.findByRole('alert')).textContent).toContain('No order nope');
    first.unmount();

    renderAt('/business/dashboard/journey?orderId=order-1001');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Try again soon.');
    fails = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Journey of order order-1001' })).toBeTruthy();
  });
});
