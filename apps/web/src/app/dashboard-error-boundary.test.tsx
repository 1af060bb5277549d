import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildBusiness, stubApi } from '@/test/fake-api';
import { renderAt } from '@/test/render-app';

// The activity page's code fails to load, as a stale chunk after a deploy would.
vi.mock('./routes/business/dashboard/activity', () =>
  Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
);

describe('dashboard activity error boundary', () => {
  it('shows the error screen in place of the page and keeps the dashboard nav', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi({ business: buildBusiness() });
    renderAt('/business/dashboard/checkout/activity');

    await screen.findByRole('heading', { level: 1, name: 'Something went wrong' });
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });

  it('other dashboard pages still load', async () => {
    stubApi({ business: buildBusiness() });
    renderAt('/business/dashboard/checkout/products');
    await screen.findByRole('heading', { level: 1, name: 'Products' });
  });
});
