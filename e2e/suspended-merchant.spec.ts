import { expect, test } from '@playwright/test';
import { demoAccounts, desktopChrome, signInOnPage } from './support/browsing.ts';

// Issue 20: a suspended business can only read its own data and sign out. Its merchant signs in,
// is told why, and finds no button on any page that could change something.
test.use(desktopChrome);

/** What a merchant can press to change something; none may show while suspended. */
const ACTION_BUTTONS = [
  'Create publishable key',
  'Create secret key',
  'Add domain',
  'Verify domain',
  'Send test event',
  'Send invitation',
  'Save profile',
  'Save attribution settings',
  'Upload feed',
  'Import from address',
  /^Rotate /,
  /^Revoke /,
  /^Remove /,
];

test('a suspended merchant sees why, and no page offers an action', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const merchant = {
    name: 'Pier Lamps',
    domain: `pier-lamps-${stamp}.example`,
    email: `owner-${stamp}@pier-lamps.example`,
    password: 'pier lamps password 1',
  };
  const reason = 'Invitations were sent to people who had not asked for them.';

  // Registered, then suspended by an admin (both through the API: each has a journey of its own).
  const api = await playwright.request.newContext({ baseURL });
  const registered = await api.post('/api/business/auth/register', { data: merchant });
  expect(registered.ok(), await registered.text()).toBe(true);
  const { business } = (await registered.json()) as { business: { id: string } };
  const admin = await playwright.request.newContext({ baseURL });
  const adminLogin = await admin.post('/api/admin/auth/login', { data: demoAccounts.admin });
  expect(adminLogin.ok(), await adminLogin.text()).toBe(true);
  const suspended = await admin.post(`/api/admin/businesses/${business.id}/suspend`, {
    data: { reason },
  });
  expect(suspended.ok(), await suspended.text()).toBe(true);
  await Promise.all([api.dispose(), admin.dispose()]);

  await page.goto('/business-login');
  await signInOnPage(page, merchant);
  const account = page.getByRole('region', { name: 'Business account' });
  await expect(account).toContainText('Suspended', { timeout: 15_000 });
  await expect(account).toContainText('Your business account is suspended.');
  await expect(account).toContainText(`Reason given by ipick: ${reason}`);

  const pages: { path: string; heading: string; shows?: string }[] = [
    { path: '/business/dashboard/checkout', heading: 'Dashboard' },
    { path: '/business/dashboard/checkout/settings', heading: 'Settings', shows: 'Shop domains' },
    { path: '/business/dashboard/checkout/integrate', heading: 'Integrate' },
    { path: '/business/dashboard/checkout/products', heading: 'Products' },
    { path: '/business/integrate/wizard', heading: 'Integration wizard' },
  ];
  for (const { path, heading, shows } of pages) {
    await test.step(path, async () => {
      await page.goto(path);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: heading })).toBeVisible({
        timeout: 15_000,
      });
      // The page's own data has loaded, and the suspension is still told.
      await page.waitForLoadState('networkidle');
      if (shows) await expect(main.getByRole('list', { name: shows })).toBeVisible();
      await expect(account).toContainText('Your business account is suspended.');
      for (const name of ACTION_BUTTONS) {
        await expect(main.getByRole('button', { name }), `${path}: ${String(name)}`).toHaveCount(0);
      }
    });
  }

  // Signing out still works.
  await account.getByRole('button', { name: 'Log out' }).click();
  await page.goto('/business/dashboard/checkout');
  await expect(page).toHaveURL(/\/business-login/, { timeout: 15_000 });
});
