import type { Business } from '@ipick/contracts';
import { configure, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness, json, stubApi } from '@/test/fake-api';
import { renderAt } from '@/test/render-app';
import { buildDomain, buildKey, buildTeam, defaultAttribution } from '../test/fixtures';

// Issue 20: the settings page offers only what the server allows the business in its status.

const SETTINGS = '/business/dashboard/checkout/settings';

function stubSettings(status: Business['status']) {
  return stubApi({
    business: buildBusiness({ status }),
    routes: {
      'GET /api/business/domains': () =>
        json({ domains: [buildDomain({ isPrimary: false, verifiedAt: null })] }),
      'GET /api/business/keys': () => json({ keys: [buildKey()] }),
      'GET /api/business/attribution/settings': () => json(defaultAttribution),
      'GET /api/business/team': () => json(buildTeam()),
    },
  });
}

beforeAll(async () => {
  configure({ asyncUtilTimeout: 5000 });
  await import('@/app/routes/business/dashboard/settings');
});

describe('the settings page by business status', { timeout: 20_000 }, () => {
  it('tells a pending business that keys and invitations wait for approval', async () => {
    stubSettings('pending');
    renderAt(SETTINGS);
    expect(
      await screen.findByText(
        'ipick has not approved your business yet; you can create API keys once it has.',
      ),
    ).toBeTruthy();
    expect(
      await screen.findByText(
        'ipick has not approved your business yet; you can send invitations once it has.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create publishable key' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send invitation' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Rotate / })).toBeNull();
    // It sets up the rest meanwhile.
    expect(await screen.findByRole('button', { name: 'Add domain' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Verify domain' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Revoke / })).toBeTruthy();
  });

  it('offers an active business every action', async () => {
    stubSettings('active');
    renderAt(SETTINGS);
    expect(await screen.findByRole('button', { name: 'Create publishable key' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Send invitation' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Rotate / })).toBeTruthy();
    expect(screen.queryByText(/has not approved your business yet/)).toBeNull();
  });
});
