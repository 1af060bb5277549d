import { expect, test } from '@playwright/test';
import { demoAccounts, desktopChrome, signInOnPage } from './support/browsing.ts';

// Issue 19, "A demo that shows everything": on a fresh start the demo merchant's pages show the
// shoppers ipick sent it, not "no data yet".
test.use(desktopChrome);

test('the demo merchant’s Home, Analytics, Attribution and Journeys show data on a fresh start', async ({
  page,
}) => {
  // Four dashboard pages, each reading weeks of figures, on a busy machine.
  test.setTimeout(90_000);
  await page.goto('/business-login');
  await signInOnPage(page, demoAccounts.merchant);
  await expect(page).not.toHaveURL(/\/business-login/, { timeout: 15_000 });

  await test.step('Home', async () => {
    await page.goto('/business/dashboard/checkout');
    const main = page.getByRole('main');
    await expect(main.getByText('Clicks to your shop')).toBeVisible({ timeout: 15_000 });
    await expect(main.getByText('No shoppers sent your way yet')).toHaveCount(0);
  });

  await test.step('Analytics', async () => {
    await page.goto('/business/dashboard/checkout/analytics');
    const main = page.getByRole('main');
    await expect(
      main.getByRole('figure', { name: 'Clicks and conversions over time' }),
    ).toBeVisible({
      timeout: 15_000,
    });
    await expect(main.getByText('Nothing to chart in this period')).toHaveCount(0);
  });

  await test.step('Attribution', async () => {
    await page.goto('/business/dashboard/checkout/attribution');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Conversions', exact: true })).toBeVisible({
      timeout: 15_000,
    });
    await expect(main.getByRole('table').getByRole('row').nth(1)).toBeVisible();
    await expect(main.getByText('No conversions in this period')).toHaveCount(0);
  });

  await test.step('Journeys', async () => {
    await page.goto('/business/dashboard/journey');
    const orders = page.getByRole('list', { name: 'Orders' });
    await expect(orders.getByRole('listitem').first()).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('No journeys yet')).toHaveCount(0);
  });
});
