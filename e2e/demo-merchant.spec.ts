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

test('the merchant’s header and pages fit a phone, its links behind "Menu"', async ({ page }) => {
  test.setTimeout(90_000);
  const phone = { width: 390, height: 844 };
  await page.setViewportSize(phone);
  await page.goto('/business-login');
  await signInOnPage(page, demoAccounts.merchant);
  await expect(page).toHaveURL(/\/business\/dashboard/, { timeout: 15_000 });

  const fitsSideways = async (where: string) => {
    const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
    expect(width, `${where} scrolls sideways`).toBeLessThanOrEqual(phone.width);
  };
  const account = page.getByRole('region', { name: 'Business account' });
  await expect(account.getByText('Demo Electronics')).toBeVisible({ timeout: 15_000 });
  const logOut = (await account.getByRole('button', { name: 'Log out' }).boundingBox())!;
  expect(logOut.x + logOut.width).toBeLessThanOrEqual(phone.width);

  // The site's links wait behind "Menu", which opens and closes them.
  const browseLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', {
    name: 'Browse',
  });
  await expect(browseLink).toBeHidden();
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(browseLink).toBeVisible();
  await fitsSideways('the open menu');
  await page.keyboard.press('Escape');
  await expect(browseLink).toBeHidden();

  // Both dashboards are a tap away from the chooser a merchant lands on.
  const main = page.getByRole('main');
  await fitsSideways('the dashboards chooser');
  await main.getByRole('link', { name: /Customer journeys/ }).click();
  await expect(page.getByRole('list', { name: 'Orders' })).toBeVisible({ timeout: 15_000 });
  await fitsSideways('Customer journeys');
  await page.goBack();
  await main.getByRole('link', { name: /Checkout dashboard/ }).click();

  // Every page of the checkout dashboard is a tap away, and none is wider than the phone.
  const dashboard = page.getByRole('navigation', { name: 'Dashboard' });
  for (const name of [
    'Activity',
    'Integrate',
    'Analytics',
    'Products',
    'Settings',
    'Attribution',
    'Home',
  ]) {
    await dashboard.getByRole('link', { name, exact: true }).click();
    await expect(dashboard.getByRole('link', { name, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible({
      timeout: 15_000,
    });
    await fitsSideways(name);
  }
});
