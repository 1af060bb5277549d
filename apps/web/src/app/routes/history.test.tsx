import type { HistoryEntry } from '@ipick/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apiError, buildUser, json, sentRequests, stubApi } from '@/test/fake-api';
import { renderAt } from '@/test/render-app';

// Pages load lazily; on a busy machine the first load of a page's code alone can take seconds.
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });
beforeAll(async () => {
  await Promise.all([import('./history'), import('./new-search')]);
});

function buildEntry(overrides: Partial<HistoryEntry> = {}): HistoryEntry {
  const requestId = overrides.requestId ?? '0d6f4c2a-1b3e-4f5a-8b7c-9d0e1f2a3b4c';
  return {
    requestId,
    url: 'https://www.amazon.com/dp/B000000001',
    path: `/new-search/${requestId}/amazon-com-b000000001`,
    title: 'Acme Kettle 1.7 L',
    retailerName: 'Amazon',
    priceMinor: 4999,
    currency: 'USD',
    image: null,
    category: 'kitchen',
    sameProductCount: 3,
    alternativesCount: 5,
    comparedAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    ...overrides,
  };
}

const kettle = buildEntry();
const lamp = buildEntry({
  requestId: '1d6f4c2a-1b3e-4f5a-8b7c-9d0e1f2a3b4c',
  title: 'Desk Lamp 40 W',
  retailerName: 'Walmart',
  priceMinor: 1999,
  category: 'home',
  sameProductCount: 1,
  alternativesCount: 0,
  comparedAt: '2024-03-04T10:00:00.000Z',
});
const kettlePath = `/api/history/${kettle.requestId}`;

/** A history API that forgets what it is told to, as the server would. */
function stubHistory(initial: HistoryEntry[]) {
  let items = [...initial];
  const api = stubApi({
    user: buildUser(),
    routes: {
      'GET /api/history': () => json({ items }),
      'DELETE /api/history': () => {
        items = [];
        return new Response(null, { status: 204 });
      },
      [`DELETE ${kettlePath}`]: () => {
        items = items.filter((item) => item.requestId !== kettle.requestId);
        return new Response(null, { status: 204 });
      },
    },
  });
  return api;
}

describe('/history', () => {
  it('lists the comparisons newest first, each opening its results', async () => {
    stubHistory([lamp, kettle]);
    renderAt('/history');

    const list = await screen.findByRole('list', { name: 'Your comparisons' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first!.textContent).toContain('Acme Kettle 1.7 L');
    expect(first!.textContent).toContain('Amazon · $49.99');
    expect(first!.textContent).toContain('Compared 3 hours ago');
    expect(first!.textContent).toContain('3 other retailers · 5 alternatives');
    expect(
      within(first!).getByRole('link', { name: 'Acme Kettle 1.7 L' }).getAttribute('href'),
    ).toBe(kettle.path);
    expect(second!.textContent).toContain('Compared Mar 4, 2024');
    expect(second!.textContent).toContain('1 other retailer · no alternatives');
    expect(screen.getByRole('heading', { level: 2, name: '2 comparisons' })).toBeTruthy();
    // Without pictures, each shows its category's drawing.
    const drawingOf = (row: HTMLElement) =>
      row.querySelector('[data-illustration]')?.getAttribute('data-illustration');
    expect([drawingOf(first!), drawingOf(second!)]).toEqual(['kitchen', 'home']);
  });

  it('says how many times a product was compared, with the latest time', async () => {
    stubHistory([{ ...kettle, compareCount: 4 }]);
    renderAt('/history');
    const list = await screen.findByRole('list', { name: 'Your comparisons' });
    expect(within(list).getByRole('listitem').textContent).toContain(
      'Compared 4 times, last 3 hours ago',
    );
  });

  it('removes one comparison with DELETE /api/history/:requestId and says so', async () => {
    const { fetch } = stubHistory([kettle, lamp]);
    const user = userEvent.setup();
    renderAt('/history');

    const list = await screen.findByRole('list', { name: 'Your comparisons' });
    await user.click(
      within(list).getByRole('button', { name: 'Remove Acme Kettle 1.7 L from history' }),
    );

    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).queryByText('Acme Kettle 1.7 L')).toBeNull();
    expect(sentRequests(fetch)).toContain(`DELETE ${kettlePath}`);
    expect(await screen.findByText('Removed from your history')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: '1 comparison' }));
  });

  it('clears the whole history only after confirming', async () => {
    const { fetch } = stubHistory([kettle, lamp]);
    const user = userEvent.setup();
    renderAt('/history');
    await screen.findByRole('list', { name: 'Your comparisons' });

    await user.click(screen.getByRole('button', { name: 'Clear history' }));
    let dialog = await screen.findByRole('dialog', { name: 'Clear your search history?' });
    expect(dialog.textContent).toContain('all 2 comparisons');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentRequests(fetch)).not.toContain('DELETE /api/history');

    await user.click(screen.getByRole('button', { name: 'Clear history' }));
    dialog = await screen.findByRole('dialog', { name: 'Clear your search history?' });
    await user.click(within(dialog).getByRole('button', { name: 'Clear history' }));

    expect(await screen.findByRole('heading', { name: 'No searches yet' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sentRequests(fetch).filter((r) => r === 'DELETE /api/history')).toHaveLength(1);
    expect(await screen.findByText('Your history is cleared')).toBeTruthy();
  });

  it('keeps the dialog open with the reason when clearing fails', async () => {
    stubApi({
      user: buildUser(),
      routes: {
        'GET /api/history': () => json({ items: [kettle] }),
        'DELETE /api/history': () => apiError(500, 'internal_error', 'The database is busy.'),
      },
    });
    const user = userEvent.setup();
    renderAt('/history');
    await screen.findByRole('list', { name: 'Your comparisons' });

    await user.click(screen.getByRole('button', { name: 'Clear history' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('the one comparison');
    await user.click(within(dialog).getByRole('button', { name: 'Clear history' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The database is busy.');
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(within(dialog).getByRole('button', { name: 'Clear history' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('shows the empty state when there is nothing yet', async () => {
    stubHistory([]);
    renderAt('/history');
    expect(await screen.findByRole('heading', { name: 'No searches yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Compare prices' }).getAttribute('href')).toBe('/');
  });

  it('shows an error with Retry when the history cannot be loaded', async () => {
    let calls = 0;
    stubApi({
      user: buildUser(),
      routes: {
        'GET /api/history': () => {
          calls += 1;
          return calls === 1
            ? apiError(503, 'unavailable', 'History is resting.')
            : json({ items: [kettle] });
        },
      },
    });
    const user = userEvent.setup();
    renderAt('/history');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load your history');
    expect(alert.textContent).toContain('History is resting.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Your comparisons' })).toBeTruthy();
  });
});
