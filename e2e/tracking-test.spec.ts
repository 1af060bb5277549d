import { expect, test } from '@playwright/test';
import { demoAccounts, desktopChrome, signInOnPage } from './support/browsing.ts';

// /tracking-test runs ipick's snippet on ipick's own address. The demo merchant's shop is not on
// that address, yet its events arrive, as test events that count in none of its figures.
test.use(desktopChrome);

test('the demo merchant sends test events from /tracking-test and sees them arrive, not counted', async ({
  page,
}) => {
  await page.goto('/business-login');
  await signInOnPage(page, demoAccounts.merchant);
  await expect(page).not.toHaveURL(/\/business-login/);
  // The demo shop has no publishable key yet; the merchant makes one, as on Integrate.
  const created = await page.evaluate(async () => {
    const response = await fetch('/api/business/keys', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'publishable' }),
    });
    return response.status;
  });
  expect(created).toBe(201);

  await page.goto('/tracking-test');
  await expect(page.getByText('Events from this page are test events')).toBeVisible();
  await expect(page.getByLabel('Publishable key')).toHaveValue(/^pk_live_/);
  await expect(page.getByLabel('Shop domain')).toHaveValue('demo-electronics.ipick.local');
  await page.getByRole('button', { name: 'Install snippet' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Installed' })).toBeVisible();
  await page.getByRole('button', { name: 'Purchase' }).click();

  const sent = page.getByRole('list', { name: 'Sent events' });
  const orderId = /"orderId": "(TEST-[^"]+)"/.exec((await sent.textContent()) ?? '')?.[1];
  expect(orderId).toBeTruthy();

  // ipick stored both the snippet's page view and the purchase, marked as tests.
  const received = page.getByRole('list', { name: 'Received events' });
  const purchase = received.getByRole('listitem').filter({ hasText: `Order ${orderId!}` });
  await expect(purchase).toContainText('Test, not counted', { timeout: 15_000 });
  await expect(
    received.getByRole('listitem').filter({ hasText: 'page_view' }).first(),
  ).toContainText('Test, not counted');

  // The purchase is no sale of the shop: the dashboard's activity does not list it.
  const activity = await page.request.get('/api/business/dashboard/activity?limit=200');
  expect(activity.ok()).toBe(true);
  expect(await activity.text()).not.toContain(orderId!);
});
