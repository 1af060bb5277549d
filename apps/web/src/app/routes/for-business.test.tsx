import { configure, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/test/fake-api';
import { renderAt } from '@/test/render-app';

// Pages load lazily; on a busy machine the first load of a page's code alone can take seconds.
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });
beforeAll(async () => {
  await import('./for-business');
});

describe('/for-business', () => {
  it('says what a shop gets and leads to registering or signing in', async () => {
    stubApi();
    renderAt('/for-business');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'ipick for business' }),
    ).toBeTruthy();
    const benefits = screen.getByRole('list', { name: 'What your shop gets' });
    expect(within(benefits).getByRole('heading', { name: 'Tracked referrals' })).toBeTruthy();
    expect(
      within(benefits).getByRole('heading', { name: 'Attribution and journeys' }),
    ).toBeTruthy();
    const main = screen.getByRole('main');
    expect(
      within(main).getByRole('link', { name: 'Register your shop' }).getAttribute('href'),
    ).toBe('/business/register');
    expect(within(main).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/business-login',
    );
    // The header's "For business" leads here.
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'For business' }).getAttribute('href')).toBe(
      '/for-business',
    );
  });
});
