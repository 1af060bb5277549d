import type { AttributionReport } from '@ipick/contracts';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apiError, buildBusiness, json, stubApi } from '@/test/fake-api';
import { renderAt } from '@/test/render-app';

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });
beforeAll(async () => {
  await import('./attribution');
});

const path = '/business/dashboard/checkout/attribution';
const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString();
const click = (id: string, daysAgo: number, share: number, amountMinor: number) => ({
  clickId: id,
  referralId: `aff_${id}`,
  occurredAt: at(daysAgo),
  share,
  amountMinor,
});

function buildReport(overrides: Partial<AttributionReport> = {}): AttributionReport {
  const base = {
    kind: 'sale' as const,
    currency: 'USD',
    clickId: null,
    referralId: null,
    visitorId: 'v-1',
    sessionId: null,
    source: 'server' as const,
    receivedAt: at(1),
    refundedMinor: 0,
  };
  return {
    from: at(30),
    to: at(0),
    windowDays: 30,
    defaultModel: 'last_click',
    models: ['last_click', 'first_click', 'linear', 'position_based'],
    conversions: [
      {
        ...base,
        id: '1a1d2c3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
        orderId: 'order-1001',
        amountMinor: 10_000,
        occurredAt: at(1),
        credits: {
          last_click: [click('c3', 2, 1, 10_000)],
          first_click: [click('c1', 20, 1, 10_000)],
          linear: [
            click('c1', 20, 1 / 3, 3333),
            click('c2', 10, 1 / 3, 3333),
            click('c3', 2, 1 / 3, 3334),
          ],
          position_based: [
            click('c1', 20, 0.4, 4000),
            click('c2', 10, 0.2, 2000),
            click('c3', 2, 0.4, 4000),
          ],
        },
      },
    ],
    truncated: false,
    ...overrides,
  };
}

describe('/business/dashboard/checkout/attribution', () => {
  it('puts the four models side by side and explains them', async () => {
    const periods: string[] = [];
    stubApi({
      business: buildBusiness(),
      routes: {
        'GET /api/business/attribution': ({ url }) => {
          periods.push(url.search);
          return json(buildReport());
        },
      },
    });
    const user = userEvent.setup();
    renderAt(path);

    const models = await screen.findByRole('table', { name: /credited under each model/ });
    const lastClick = within(models).getByRole('row', { name: /^Last click/ });
    expect(lastClick.textContent).toContain('Billing');
    expect(lastClick.textContent).toContain('$100.00');
    expect(within(lastClick).getByRole('img').getAttribute('aria-label')).toBe('Last click 100 %');
    const positionBased = within(models).getByRole('row', { name: /^Position-based/ });
    expect(within(positionBased).getByRole('img').getAttribute('aria-label')).toBe(
      'First click 40 %, Middle clicks 20 %, Last click 40 %',
    );

    const conversions = screen.getByRole('table', { name: /Each conversion/ });
    const row = within(conversions).getByRole('row', { name: /order-1001/ });
    expect(row.textContent).toContain('40 % / 40 %');
    expect(within(row).getByRole('link', { name: 'order-1001' }).getAttribute('href')).toBe(
      '/business/dashboard/journey?orderId=order-1001',
    );
    expect(screen.getByText(/Why the numbers differ/)).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Period'), '7');
    await vi.waitFor(() => expect(periods).toHaveLength(2));
    const [, week] = periods.map((search) => new URLSearchParams(search));
    const span = Date.parse(week!.get('to')!) - Date.parse(week!.get('from')!);
    expect(span).toBe(6 * 86_400_000);
  });

  it('leaves a sale refunded in full out of the counts and says so', async () => {
    const [sale] = buildReport().conversions;
    const credited = (amountMinor: number) => ({
      last_click: [click('c1', 3, 1, amountMinor)],
      first_click: [click('c1', 3, 1, amountMinor)],
      linear: [click('c1', 3, 1, amountMinor)],
      position_based: [click('c1', 3, 1, amountMinor)],
    });
    stubApi({
      business: buildBusiness(),
      routes: {
        'GET /api/business/attribution': () =>
          json(
            buildReport({
              conversions: [
                {
                  ...sale!,
                  id: '2a1d2c3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
                  orderId: 'ORDER-1001',
                  amountMinor: 11_900,
                  refundedMinor: 11_900,
                  occurredAt: at(2),
                  credits: credited(0),
                },
                {
                  ...sale!,
                  id: '3a1d2c3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
                  orderId: 'ORDER-1005',
                  amountMinor: 23_800,
                  occurredAt: at(1),
                  credits: credited(23_800),
                },
              ],
            }),
          ),
      },
    });
    renderAt(path);

    const models = await screen.findByRole('table', { name: /credited under each model/ });
    const lastClick = within(models).getByRole('row', { name: /^Last click/ });
    expect(
      within(lastClick)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['$238.00', '1', '']);
    expect(
      screen.getByText(/^1 of 1 conversion followed an ipick click within the window\./)
        .textContent,
    ).toContain(
      'Revenue is credited net of refunds, and a sale refunded in full counts as no conversion (1 in this period).',
    );
    const conversions = screen.getByRole('table', { name: /Each conversion/ });
    const refunded = within(conversions).getByRole('row', { name: /ORDER-1001/ });
    expect(refunded.textContent).toContain('$119.00Refunded in full · not counted');
  });

  it('draws the last click as the last one when two clicks came at the same moment', async () => {
    const [sale] = buildReport().conversions;
    // The server lists each model's credits in the journey's order: c1, then c2.
    const moment = at(3);
    const tied = (id: string, share: number, amountMinor: number) => ({
      ...click(id, 3, share, amountMinor),
      occurredAt: moment,
    });
    stubApi({
      business: buildBusiness(),
      routes: {
        'GET /api/business/attribution': () =>
          json(
            buildReport({
              conversions: [
                {
                  ...sale!,
                  credits: {
                    last_click: [tied('c2', 1, 10_000)],
                    first_click: [tied('c1', 1, 10_000)],
                    linear: [tied('c1', 0.5, 5_000), tied('c2', 0.5, 5_000)],
                    position_based: [tied('c1', 0.5, 5_000), tied('c2', 0.5, 5_000)],
                  },
                },
              ],
            }),
          ),
      },
    });
    renderAt(path);

    const models = await screen.findByRole('table', { name: /credited under each model/ });
    const credit = (model: RegExp) =>
      within(within(models).getByRole('row', { name: model }))
        .getByRole('img')
        .getAttribute('aria-label');
    expect(credit(/^Last click/)).toBe('Last click 100 %');
    expect(credit(/^First click/)).toBe('First click 100 %');
    expect(credit(/^Linear/)).toBe('First click 50 %, Last click 50 %');
  });

  it('reports on custom dates, both days included, and keeps them in the address', async () => {
    const periods: Record<string, string>[] = [];
    stubApi({
      business: buildBusiness(),
      routes: {
        'GET /api/business/attribution': ({ url }) => {
          periods.push(Object.fromEntries(url.searchParams));
          return json(buildReport());
        },
      },
    });
    const user = userEvent.setup();
    const { router } = renderAt(path);
    await screen.findByRole('table', { name: /credited under each model/ });

    await user.selectOptions(screen.getByLabelText('Period'), 'Custom dates');
    const custom = screen.getByRole('form', { name: 'Custom period' });
    const from = within(custom).getByLabelText('From');
    const to = within(custom).getByLabelText('To');
    await user.clear(from);
    await user.type(from, '2025-03-08');
    await user.clear(to);
    await user.type(to, '2025-03-01');
    await user.click(within(custom).getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The first day must not be after the last day.',
    );
    expect(periods).toHaveLength(1);

    await user.clear(from);
    await user.type(from, '2025-03-01');
    await user.clear(to);
    await user.type(to, '2025-03-07');
    await user.click(within(custom).getByRole('button', { name: 'Apply' }));
    await vi.waitFor(() =>
      expect(periods.at(-1)).toEqual({ from: '2025-03-01', to: '2025-03-07' }),
    );
    expect(router.state.location.search).toBe('?from=2025-03-01&to=2025-03-07');
  });

  it('opens on the custom dates in the address', async () => {
    const periods: Record<string, string>[] = [];
    stubApi({
      business: buildBusiness(),
      routes: {
        'GET /api/business/attribution': ({ url }) => {
          periods.push(Object.fromEntries(url.searchParams));
          return json(buildReport());
        },
      },
    });
    renderAt(`${path}?from=2025-02-01&to=2025-02-28`);
    await screen.findByRole('table', { name: /credited under each model/ });
    expect(periods).toEqual([{ from: '2025-02-01', to: '2025-02-28' }]);
    expect(screen.getByLabelText<HTMLSelectElement>('Period').value).toBe('custom');
    const custom = screen.getByRole('form', { name: 'Custom period' });
    expect(within(custom).getByLabelText<HTMLInputElement>('From').value).toBe('2025-02-01');
    expect(within(custom).getByLabelText<HTMLInputElement>('To').value).toBe('2025-02-28');
  });

  it('says "1 day" for a one-day window', async () => {
    stubApi({
      business: buildBusiness(),
      routes: { 'GET /api/business/attribution': () => json(buildReport({ windowDays: 1 })) },
    });
    renderAt(path);
    expect((await screen.findByText(/^Clicks count for/)).textContent).toBe(
      'Clicks count for 1 day before a conversion. The report opens on Last click, your default model in Settings.',
    );
  });

  it('teaches what to do when there are no conversions, and retries a failed load', async () => {
    let fails = true;
    stubApi({
      business: buildBusiness(),
      routes: {
        'GET /api/business/attribution': () =>
          fails
            ? apiError(500, 'internal_error', 'Something broke.')
            : json(buildReport({ conversions: [] })),
      },
    });
    const user = userEvent.setup();
    renderAt(path);
    const alert = await screen.findByRole('alert');
    fails = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('heading', { name: 'No conversions in this period' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Set up conversion tracking' })).toBeTruthy();
  });
});
