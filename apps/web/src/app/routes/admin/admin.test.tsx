import type {
  AdminAuditEntry,
  AdminBusiness,
  AdminOverviewResponse,
  AdminRetailer,
  AdminUser,
} from '@ipick/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apiError, buildUser, json, sentRequests, stubApi } from '@/test/fake-api';
import { renderAt } from '@/test/render-app';

// Pages load lazily; on a busy machine the first load of a page's code alone can take seconds.
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });
beforeAll(async () => {
  await Promise.all([import('./admin'), import('./admin-business')]);
});

const admin = buildUser({
  id: '11111111-1111-4111-8111-111111111111',
  email: 'root@example.com',
  isAdmin: true,
});

function buildAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: '22222222-2222-4222-8222-222222222222',
    email: 'kim@example.com',
    displayName: 'Kim',
    isAdmin: false,
    isDisabled: false,
    isMerchant: false,
    signedUpAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    lastActiveAt: new Date().toISOString(),
    ...overrides,
  };
}

function buildBusiness(overrides: Partial<AdminBusiness> = {}): AdminBusiness {
  return {
    id: '33333333-3333-4333-8333-333333333333',
    name: 'Lamp Shop',
    domain: 'lamps.example.com',
    contactEmail: 'owner@lamps.example.com',
    status: 'pending',
    suspensionReason: null,
    suspendedAt: null,
    createdAt: new Date(Date.now() - 3_600_000).toISOString(),
    updatedAt: new Date().toISOString(),
    ...overrides,
  };
}

const amazon: AdminRetailer = {
  key: 'amazon',
  name: 'Amazon',
  host: 'amazon.com',
  affiliateParam: 'tag',
  affiliateId: null,
  effectiveAffiliateId: 'ipick-20',
  isPlaceholder: true,
  updatedAt: '2025-01-02T03:04:05.000Z',
};

function overview(): AdminOverviewResponse {
  const figures = { shoppers: 4, merchants: 2, comparisons: 31, clicks: 12, conversions: 3 };
  return {
    days: 30,
    totals: { shoppers: 40, merchants: 5, comparisons: 900, clicks: 120, conversions: 9 },
    periodTotals: figures,
    series: [
      { day: '2025-01-01', ...figures },
      { day: '2025-01-02', shoppers: 0, merchants: 0, comparisons: 0, clicks: 0, conversions: 0 },
    ],
  };
}

const page = <T,>(items: T[]) => ({ items, page: 1, pageSize: 25, total: items.length });

describe('/admin', () => {
  it('shows the figures of the period with all-time totals, and a chart for each figure', async () => {
    const api = stubApi({
      user: admin,
      routes: { 'GET /api/admin/overview': () => json(overview()) },
    });
    renderAt('/admin');
    const figures = await screen.findByRole('list', { name: 'Figures' });
    const comparisons = within(figures).getByText('Comparisons').closest('li')!;
    expect(comparisons.textContent).toContain('31');
    expect(comparisons.textContent).toContain('900 all time');
    expect(screen.getByRole('table', { name: 'Comparisons per day' })).toBeTruthy();

    await userEvent.setup().selectOptions(screen.getByLabelText('Period'), '7');
    await waitFor(() =>
      expect(
        api.fetch.mock.calls.some(([url]) => typeof url === 'string' && url.endsWith('days=7')),
      ).toBe(true),
    );
  });

  it('offers a retry when the overview fails', async () => {
    let fails = true;
    stubApi({
      user: admin,
      routes: {
        'GET /api/admin/overview': () =>
          fails ? apiError(500, 'internal_error', 'Something broke') : json(overview()),
      },
    });
    renderAt('/admin');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load the overview');
    fails = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Figures' })).toBeTruthy();
  });

  it('searches users and disables one after confirming', async () => {
    let kim = buildAdminUser();
    const api = stubApi({
      user: admin,
      routes: {
        'GET /api/admin/users': ({ url }) =>
          json(
            page(
              url.searchParams.get('query') === 'nobody'
                ? []
                : [buildAdminUser({ id: admin.id, email: admin.email, isAdmin: true }), kim],
            ),
          ),
        [`POST /api/admin/users/${kim.id}/disable`]: () => {
          kim = { ...kim, isDisabled: true };
          return json({ user: kim });
        },
      },
    });
    const user = userEvent.setup();
    renderAt('/admin?tab=users');
    const list = await screen.findByRole('list', { name: 'Users' });
    // An admin cannot lock themselves out; the server refuses it too.
    const self = within(list).getByRole('listitem', { name: admin.email! });
    expect(within(self).getByRole('button', { name: 'Disable' })).toHaveProperty('disabled', true);
    expect(within(self).getByRole('button', { name: 'Remove admin' })).toHaveProperty(
      'disabled',
      true,
    );

    const row = within(list).getByRole('listitem', { name: 'kim@example.com' });
    await user.click(within(row).getByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable kim@example.com?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('User disabled')).toBeTruthy();
    expect(sentRequests(api.fetch)).toContain(`POST /api/admin/users/${kim.id}/disable`);
    await waitFor(() =>
      expect(
        within(screen.getByRole('listitem', { name: 'kim@example.com' })).getByText('Disabled'),
      ).toBeTruthy(),
    );

    await user.type(screen.getByLabelText('Search users'), 'nobody');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No user matches “nobody”')).toBeTruthy();
  });

  it("keeps the server's refusal in the confirm dialog", async () => {
    const kim = buildAdminUser({ isAdmin: true });
    stubApi({
      user: admin,
      routes: {
        'GET /api/admin/users': () => json(page([kim])),
        [`DELETE /api/admin/users/${kim.id}/admin`]: () =>
          apiError(409, 'conflict', 'This user is not an admin.'),
      },
    });
    const user = userEvent.setup();
    renderAt('/admin?tab=users');
    const row = await screen.findByRole('listitem', { name: 'kim@example.com' });
    await user.click(within(row).getByRole('button', { name: 'Remove admin' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove admin' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This user is not an admin.',
    );
  });

  it('edits a retailer affiliate id in place, checking it before sending', async () => {
    const api = stubApi({
      user: admin,
      routes: {
        'GET /api/admin/retailers': () => json({ items: [amazon] }),
        'PATCH /api/admin/retailers/amazon': ({ body }) =>
          json({
            retailer: {
              ...amazon,
              affiliateId: (body as { affiliateId: string }).affiliateId,
              effectiveAffiliateId: (body as { affiliateId: string }).affiliateId,
              isPlaceholder: false,
            },
          }),
      },
    });
    const user = userEvent.setup();
    renderAt('/admin?tab=retailers');
    const row = await screen.findByRole('listitem', { name: 'Amazon' });
    expect(within(row).getByText('Placeholder')).toBeTruthy();
    const field = within(row).getByLabelText('Affiliate id at Amazon');

    await user.type(field, 'has space');
    await user.click(within(row).getByRole('button', { name: 'Save' }));
    expect(await within(row).findByText('Use only letters, digits, "-", "_" and "."')).toBeTruthy();
    // The error takes the hint's place rather than repeating it.
    expect(within(row).queryByText(/^Letters, digits/)).toBeNull();
    expect(field.getAttribute('aria-describedby')).toBe(`${field.id}-error`);
    expect(sentRequests(api.fetch)).not.toContain('PATCH /api/admin/retailers/amazon');

    await user.clear(field);
    await user.type(field, 'mystore-21');
    await user.click(within(row).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Amazon affiliate id saved')).toBeTruthy();
    const patch = api.fetch.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(patch![1]!.body as string)).toEqual({ affiliateId: 'mystore-21' });
  });

  it('explains an empty outbox', async () => {
    stubApi({ user: admin, routes: { 'GET /api/admin/outbox': () => json(page([])) } });
    renderAt('/admin?tab=outbox');
    expect(await screen.findByRole('heading', { name: 'No mail sent yet' })).toBeTruthy();
  });
});

describe('/admin/business', () => {
  it('approves a pending business and suspends an active one with a reason', async () => {
    let lamps = buildBusiness();
    let kettles = buildBusiness({
      id: '44444444-4444-4444-8444-444444444444',
      name: 'Kettle World',
      domain: 'kettles.example.com',
      status: 'active',
    });
    const audit: AdminAuditEntry[] = [];
    const api = stubApi({
      user: admin,
      routes: {
        'GET /api/admin/businesses': ({ url }) => {
          const status = url.searchParams.get('status');
          const items = [lamps, kettles].filter((item) => !status || item.status === status);
          return json({ ...page(items), counts: { pending: 1, active: 1, suspended: 0 } });
        },
        [`POST /api/admin/businesses/${lamps.id}/approve`]: () => {
          lamps = { ...lamps, status: 'active' };
          audit.unshift({
            id: '55555555-5555-4555-8555-555555555555',
            adminUserId: admin.id,
            adminEmail: admin.email,
            action: 'business.approve',
            targetType: 'business',
            targetId: lamps.id,
            details: { name: lamps.name, domain: lamps.domain },
            createdAt: new Date().toISOString(),
          });
          return json({ business: lamps });
        },
        [`POST /api/admin/businesses/${kettles.id}/suspend`]: ({ body }) => {
          kettles = {
            ...kettles,
            status: 'suspended',
            suspensionReason: (body as { reason: string }).reason,
          };
          return json({ business: kettles });
        },
        'GET /api/admin/audit': () => json(page(audit)),
      },
    });
    const user = userEvent.setup();
    renderAt('/admin/business');

    expect(await screen.findByRole('heading', { name: 'No admin changes yet' })).toBeTruthy();
    const lampRow = await screen.findByRole('listitem', { name: 'Lamp Shop' });
    const counts = screen.getByRole('list', { name: 'Businesses by status' });
    expect(
      within(counts)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1 pending', '1 active', '0 suspended']);
    await user.click(within(lampRow).getByRole('button', { name: 'Approve' }));
    const approve = await screen.findByRole('dialog', { name: 'Approve Lamp Shop?' });
    await user.click(within(approve).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Business approved')).toBeTruthy();
    // The audit log on the page shows the change.
    const log = await screen.findByRole('list', { name: 'Business audit log' });
    expect(log.textContent).toContain('root@example.com approved a business: Lamp Shop');

    const kettleRow = screen.getByRole('listitem', { name: 'Kettle World' });
    await user.click(within(kettleRow).getByRole('button', { name: 'Suspend' }));
    const suspend = await screen.findByRole('dialog', { name: 'Suspend Kettle World?' });
    await user.type(within(suspend).getByLabelText('Reason (optional)'), 'Unpaid invoices');
    await user.click(within(suspend).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('Business suspended')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('listitem', { name: 'Kettle World' }).textContent).toContain(
        'Reason: Unpaid invoices',
      ),
    );
    const suspendCall = api.fetch.mock.calls.find(
      ([url]) => typeof url === 'string' && url.endsWith('/suspend'),
    );
    expect(JSON.parse(suspendCall![1]!.body as string)).toEqual({ reason: 'Unpaid invoices' });

    await user.selectOptions(screen.getByLabelText('Status'), 'pending');
    expect(await screen.findByRole('heading', { name: 'No business matches' })).toBeTruthy();
  });

  it("opens a merchant's figures", async () => {
    const lamps = buildBusiness({ status: 'active' });
    stubApi({
      user: admin,
      routes: {
        'GET /api/admin/businesses': () =>
          json({ ...page([lamps]), counts: { pending: 0, active: 1, suspended: 0 } }),
        'GET /api/admin/audit': () => json(page([])),
        [`GET /api/admin/businesses/${lamps.id}/figures`]: () =>
          json({
            business: lamps,
            figures: {
              days: 30,
              clicks: 1234,
              uniqueShoppers: 800,
              conversions: 12,
              reportedConversions: 1500,
              revenue: [{ currency: 'USD', amountMinor: 45_000 }],
            },
          }),
      },
    });
    const user = userEvent.setup();
    renderAt('/admin/business');
    const row = await screen.findByRole('listitem', { name: 'Lamp Shop' });
    await user.click(within(row).getByRole('button', { name: 'Figures' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lamp Shop' });
    expect(await within(dialog).findByText('1,234')).toBeTruthy();
    expect(within(dialog).getByText('$450.00')).toBeTruthy();
    // Conversions are ipick's, as on the merchant's dashboard, and the dialog says so.
    expect(within(dialog).getByText('Conversions').nextElementSibling?.textContent).toBe('12');
    expect(dialog.textContent).toContain(
      'Conversions and revenue count the leads and sales that came with an ipick referral or click id',
    );
    expect(
      within(dialog).getByText(/All leads and sales the shop reported, from ipick or not/)
        .textContent,
    ).toBe('All leads and sales the shop reported, from ipick or not: 1,500');
  });
});
