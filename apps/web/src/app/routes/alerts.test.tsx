import type { PriceAlert } from '@ipick/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildUser, json, sentRequests, stubApi } from '@/test/fake-api';
import { renderAt } from '@/test/render-app';

// Pages load lazily; on a busy machine the first load of a page's code alone can take seconds.
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });
beforeAll(async () => {
  await Promise.all([import('./alerts'), import('./alerts-unsubscribe')]);
});

function buildAlert(overrides: Partial<PriceAlert> = {}): PriceAlert {
  return {
    id: '5e6f7a8b-1c2d-4e3f-8a9b-0c1d2e3f4a5b',
    offerId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    title: 'Acme Kettle 1.7 L',
    retailerName: 'Walmart',
    url: 'https://www.walmart.com/ip/1',
    path: '/new-search/0d6f4c2a-1b3e-4f5a-8b7c-9d0e1f2a3b4c/walmart-com-1',
    targetMinor: 3500,
    currency: 'USD',
    currentTotalMinor: 3799,
    isPaused: false,
    isArmed: true,
    fireCount: 0,
    lastFiredAt: null,
    lastFiredTotalMinor: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

describe('/alerts', () => {
  it('lists alerts, shows which fired, and pauses and removes them', async () => {
    let items = [
      buildAlert(),
      buildAlert({
        id: '6e6f7a8b-1c2d-4e3f-8a9b-0c1d2e3f4a5b',
        title: 'Desk Lamp 40 W',
        isArmed: false,
        fireCount: 1,
        lastFiredAt: new Date(Date.now() - 3_600_000).toISOString(),
        lastFiredTotalMinor: 1999,
        currentTotalMinor: 1999,
      }),
    ];
    const { fetch } = stubApi({
      user: buildUser(),
      routes: {
        'GET /api/price-alerts': () => json({ items }),
        [`PATCH /api/price-alerts/${items[0]!.id}`]: ({ body }) => {
          items = items.map((item, index) =>
            index === 0 ? { ...item, ...(body as Partial<PriceAlert>) } : item,
          );
          return json(items[0]);
        },
        [`DELETE /api/price-alerts/${items[1]!.id}`]: () => {
          items = items.slice(0, 1);
          return new Response(null, { status: 204 });
        },
      },
    });
    const user = userEvent.setup({ delay: null });
    renderAt('/alerts');

    expect(await screen.findByRole('heading', { name: '2 price alerts, 1 fired' })).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Your price alerts' });
    const [kettle, lamp] = within(list).getAllByRole('listitem');
    expect(kettle!.textContent).toContain('Watching');
    expect(kettle!.textContent).toContain('at or below $35.00 · now $37.99');
    expect(lamp!.textContent).toContain('Fired');
    expect(lamp!.textContent).toContain('Emailed you at $19.99, 1 hour ago');
    // The shop's link goes out through ipick's tracked redirect.
    expect(
      within(kettle!)
        .getByRole('link', { name: /^View Acme Kettle/ })
        .getAttribute('href'),
    ).toBe(`/api/redirect?offer=${items[0]!.offerId}&from=%2Falerts`);

    await user.click(within(kettle!).getByRole('button', { name: /^Pause the alert/ }));
    await waitFor(() => expect(kettle!.textContent).toContain('Paused'));
    expect(sentRequests(fetch)).toContain(`PATCH /api/price-alerts/${items[0]!.id}`);
    expect(within(kettle!).getByRole('button', { name: /^Resume the alert/ })).toBeTruthy();

    await user.click(
      within(lamp!).getByRole('button', { name: 'Remove the alert for Desk Lamp 40 W' }),
    );
    expect(await screen.findByRole('heading', { name: '1 price alert' })).toBeTruthy();
  });

  it('explains how to make one when there is none', async () => {
    stubApi({ user: buildUser(), routes: { 'GET /api/price-alerts': () => json({ items: [] }) } });
    renderAt('/alerts');
    expect(await screen.findByRole('heading', { name: 'No price alerts yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Compare prices' })).toBeTruthy();
  });
});

describe('/alerts/unsubscribe', () => {
  it('says which alert the link stops, and stops it with one press, signed out', async () => {
    const { fetch } = stubApi({
      routes: {
        'GET /api/price-alerts/unsubscribe': ({ url }) =>
          url.searchParams.get('token') === 'good.token'
            ? json({
                title: 'Acme Kettle 1.7 L',
                retailerName: 'Walmart',
                targetMinor: 3500,
                currency: 'USD',
              })
            : json(
                { error: 'token: this unsubscribe link is not valid.', code: 'invalid_request' },
                400,
              ),
        'POST /api/price-alerts/unsubscribe': () => new Response(null, { status: 204 }),
      },
    });
    const user = userEvent.setup({ delay: null });
    renderAt('/alerts/unsubscribe?token=good.token');
    expect(await screen.findByText(/Stop the alert for/)).toBeTruthy();
    expect(screen.getByText(/at or below \$35\.00/)).toBeTruthy();
    // Opening the link alone stops nothing (mail scanners open links).
    expect(sentRequests(fetch)).not.toContain('POST /api/price-alerts/unsubscribe');
    await user.click(screen.getByRole('button', { name: 'Stop this alert' }));
    expect(await screen.findByRole('heading', { name: 'Alert stopped' })).toBeTruthy();
    expect(sentRequests(fetch)).toContain('POST /api/price-alerts/unsubscribe');
  });

  it('says so when the link is not valid', async () => {
    stubApi({
      routes: {
        'GET /api/price-alerts/unsubscribe': () =>
          json(
            { error: 'token: this unsubscribe link is not valid.', code: 'invalid_request' },
            400,
          ),
      },
    });
    renderAt('/alerts/unsubscribe?token=bad');
    expect(
      await screen.findByRole('heading', { name: 'This link does not stop an alert' }),
    ).toBeTruthy();
  });
});
