import type { AdminMatchReport, AdminMatchReportsResponse } from '@ipick/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiError, buildUser, json, sentRequests, stubApi } from '@/test/fake-api';
import { renderAt } from '@/test/render-app';

const admin = buildUser({
  id: '11111111-1111-4111-8111-111111111111',
  email: 'root@example.com',
  isAdmin: true,
});

function buildReport(overrides: Partial<AdminMatchReport> = {}): AdminMatchReport {
  return {
    id: '66666666-6666-4666-8666-666666666666',
    status: 'pending',
    pasted: {
      offerId: '77777777-7777-4777-8777-777777777777',
      title: 'Acme Kettle 1.7 L',
      brand: 'Acme',
      retailerName: 'Amazon',
      url: 'https://www.amazon.com/dp/B000000001',
      priceMinor: 4999,
      currency: 'USD',
    },
    offer: {
      offerId: '88888888-8888-4888-8888-888888888888',
      title: 'Acme 1.5L Electric Kettle',
      brand: 'Acme',
      retailerName: 'Walmart',
      url: 'https://www.walmart.com/ip/1',
      priceMinor: 3799,
      currency: 'USD',
    },
    score: 0.81,
    tier: 'probable',
    reasons: ['Same brand (Acme)'],
    note: 'It holds 1.5 L.',
    bySignedInShopper: false,
    createdAt: new Date(Date.now() - 3_600_000).toISOString(),
    reviewedAt: null,
    ...overrides,
  };
}

function queue(items: AdminMatchReport[], pending: number): AdminMatchReportsResponse {
  return {
    items,
    page: 1,
    pageSize: 25,
    total: items.length,
    counts: { pending, confirmed: 0, rejected: 0 },
  };
}

beforeAll(async () => {
  configure({ asyncUtilTimeout: 5000 });
  await import('@/app/routes/admin/admin');
});

describe('the admins’ queue of wrong-match reports', { timeout: 30_000 }, () => {
  it('shows both listings, the score, tier and note, and confirms from the keyboard', async () => {
    const first = buildReport();
    const second = buildReport({
      id: '99999999-9999-4999-8999-999999999999',
      offer: { ...buildReport().offer, title: 'Acme Travel Kettle 0.5 L', retailerName: 'Target' },
      tier: 'same',
      note: null,
    });
    let pending = [first, second];
    const api = stubApi({
      user: admin,
      routes: {
        'GET /api/admin/match-reports': () => json(queue(pending, pending.length)),
        [`POST /api/admin/match-reports/${first.id}/confirm`]: () => {
          pending = pending.filter((report) => report.id !== first.id);
          return json({
            report: { ...first, status: 'confirmed', reviewedAt: new Date().toISOString() },
          });
        },
        [`POST /api/admin/match-reports/${second.id}/reject`]: () =>
          apiError(
            409,
            'conflict',
            'This report was already confirmed; reload the queue to see it as it is.',
          ),
      },
    });
    const user = userEvent.setup({ delay: null });
    renderAt('/admin?tab=match-reports');

    const list = await screen.findByRole('list', { name: /^Reports$/ });
    const row = within(list).getByRole('listitem', {
      name: 'Walmart: "Acme 1.5L Electric Kettle"',
    });
    expect(row.textContent).toContain('Pasted by the shopper');
    expect(row.textContent).toContain('Acme Kettle 1.7 L');
    expect(row.textContent).toContain('Amazon · Acme · $49.99');
    expect(row.textContent).toContain('Shown as: Probably the same — check the details');
    expect(row.textContent).toContain('81 %');
    expect(row.textContent).toContain('It holds 1.5 L.');
    expect(row.textContent).toContain('by a visitor');
    expect(
      within(screen.getByRole('list', { name: 'Reports by status' })).getByText('2 waiting'),
    ).toBeTruthy();

    within(row).getByRole('button', { name: 'Confirm: different products' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Report confirmed')).toBeTruthy();
    expect(sentRequests(api.fetch)).toContain(`POST /api/admin/match-reports/${first.id}/confirm`);
    // The reviewed report leaves; focus goes to the one that took its place.
    const next = await within(list).findByRole('listitem', {
      name: 'Target: "Acme Travel Kettle 0.5 L"',
    });
    await waitFor(() => expect(document.activeElement).toBe(next));
    expect(
      within(list).queryByRole('listitem', { name: 'Walmart: "Acme 1.5L Electric Kettle"' }),
    ).toBeNull();

    // A report another admin reviewed first says so, next to its buttons.
    await user.click(within(next).getByRole('button', { name: 'Reject: same product' }));
    expect((await within(next).findByRole('alert')).textContent).toBe(
      'This report was already confirmed; reload the queue to see it as it is.',
    );
  });

  it('says when nothing waits, and when the queue could not be loaded', async () => {
    let fails = true;
    stubApi({
      user: admin,
      routes: {
        'GET /api/admin/match-reports': () =>
          fails ? apiError(500, 'internal_error', 'Internal server error') : json(queue([], 0)),
      },
    });
    const user = userEvent.setup({ delay: null });
    renderAt('/admin?tab=match-reports');

    expect(await screen.findByText('We could not load the reports')).toBeTruthy();
    fails = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'No reports to review' })).toBeTruthy();
  });
});
