import { RETAILERS } from '@ipick/core';
import { expect, test } from '@playwright/test';
import { demoAccounts, desktopChrome, signInAsAdmin, signInOnPage } from './support/browsing.ts';
import { amazonProduct } from './support/demo-products.ts';

// Spec §3 and issue 7: the admin area approves and suspends merchants, who see their status on
// their dashboard, and sets ipick's affiliate id at each retailer, which the next outbound link
// carries. Only admins get in.
test.use(desktopChrome);

test('a signed-in shopper is refused from the admin area', async ({ page }) => {
  await page.goto('/login');
  await signInOnPage(page, demoAccounts.shopper);
  // Signed in, the header names the shopper in place of "Sign in".
  const main = page.getByRole('navigation', { name: 'Main' });
  await expect(main.getByRole('button', { name: 'Demo Shopper' })).toBeVisible({
    timeout: 15_000,
  });

  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin-login\?returnTo=%2Fadmin$/);
  await expect(page.getByText('This account does not have admin access')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Admin', exact: true })).toHaveCount(0);

  // The server refuses the shopper's session too, whatever the page shows.
  const overview = await page.request.get('/api/admin/overview');
  expect(overview.status()).toBe(403);
  await page.goto('/admin/business');
  await expect(page).toHaveURL(/\/admin-login\?returnTo=%2Fadmin%2Fbusiness$/);
});

test('an admin approves a pending merchant, then suspends it, and the merchant sees why', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const merchant = {
    name: 'Harbor Audio',
    domain: `harbor-audio-${Date.now()}.example`,
    email: `owner-${Date.now()}@harbor-audio.example`,
    password: 'harbor audio password 1',
  };
  const reason = 'Prices in the feed did not match the shop.';

  // The merchant registers (through the API; its sign-up page has a journey of its own).
  const registered = await page.request.post('/api/business/auth/register', { data: merchant });
  expect(registered.ok(), await registered.text()).toBe(true);
  await page.goto('/business/dashboard/checkout');
  const account = page.getByRole('region', { name: 'Business account' });
  await expect(account).toContainText('Your business account is pending approval', {
    timeout: 15_000,
  });

  const admin = await signInAsAdmin(browser);
  await admin.goto('/admin/business');
  const status = admin.getByRole('combobox', { name: 'Status' });
  await status.selectOption('pending');
  const row = admin.getByRole('listitem', { name: merchant.name });
  await expect(row).toContainText('Pending', { timeout: 15_000 });
  await expect(row).toContainText(merchant.domain);
  await expect(row).toContainText(merchant.email);

  await test.step('approve', async () => {
    await row.getByRole('button', { name: 'Approve' }).click();
    const dialog = admin.getByRole('dialog', { name: `Approve ${merchant.name}?` });
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(dialog).toBeHidden();
    await status.selectOption('');
    await expect(row).toContainText('Active');
    await page.reload();
    await expect(account).toContainText('Active', { timeout: 15_000 });
    await expect(account).not.toContainText('pending approval');
  });

  await test.step('suspend, with a reason', async () => {
    await row.getByRole('button', { name: 'Suspend' }).click();
    const dialog = admin.getByRole('dialog', { name: `Suspend ${merchant.name}?` });
    await dialog.getByLabel('Reason (optional)').fill(reason);
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Suspended');
    await expect(row).toContainText(`Reason: ${reason}`);
    // The change is in the business audit log.
    const audit = admin.getByRole('list', { name: 'Business audit log' }).getByRole('listitem');
    await expect(
      audit.filter({ hasText: 'suspended a business' }).filter({ hasText: merchant.name }),
    ).toContainText(reason, { timeout: 15_000 });
    await expect(
      audit.filter({ hasText: 'approved a business' }).filter({ hasText: merchant.name }),
    ).toContainText(demoAccounts.admin.email);
  });

  await test.step('the merchant sees the suspension banner on its dashboard', async () => {
    await page.reload();
    await expect(account).toContainText('Suspended', { timeout: 15_000 });
    await expect(account).toContainText(
      'Your business account is suspended. ipick sends no referrals to your shop while it is suspended.',
    );
    await expect(account).toContainText(`Reason given by ipick: ${reason}`);
  });

  await test.step('reactivated, the banner goes', async () => {
    await row.getByRole('button', { name: 'Reactivate' }).click();
    const dialog = admin.getByRole('dialog', { name: `Reactivate ${merchant.name}?` });
    await dialog.getByRole('button', { name: 'Reactivate' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Active');
    await page.reload();
    await expect(account).toContainText('Active', { timeout: 15_000 });
    await expect(account).not.toContainText('suspended');
  });
  await admin.context().close();
});

test("a new affiliate id for Amazon is on the very next outbound link to Amazon's offer", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const amazon = RETAILERS.amazon;
  const tag = `ipick-e2e-${Date.now() % 100_000}-20`;

  const admin = await signInAsAdmin(browser);
  try {
    await admin.goto('/admin?tab=retailers');
    const row = admin
      .getByRole('list', { name: 'Retailers' })
      .getByRole('listitem', { name: amazon.name });
    await expect(row).toBeVisible({ timeout: 15_000 });
    await row.getByLabel(`Affiliate id at ${amazon.name}`).fill(tag);
    await row.getByRole('button', { name: 'Save' }).click();
    await expect(row).toContainText(`${amazon.affiliateParameter}=${tag}`);
    await expect(row).toContainText('Set');

    // A shopper compares a product Amazon sells, pasting another retailer's link.
    const pasted = amazonProduct.offers.find((entry) => entry.retailer !== 'amazon')!;
    const amazonOffer = amazonProduct.offers.find((entry) => entry.retailer === 'amazon')!;
    await page.goto('/');
    await page.getByLabel('Product link').fill(pasted.offer.url);
    await page.getByRole('button', { name: 'Compare prices' }).click();
    const same = page.getByRole('list', { name: 'Same product', exact: true });
    await expect(same).toBeVisible({ timeout: 20_000 });
    const link = same
      .getByRole('listitem')
      .filter({ hasText: amazon.name })
      .getByRole('link', { name: amazonOffer.offer.title })
      .first();
    const href = (await link.getAttribute('href'))!;
    expect(href.startsWith('/api/redirect?offer=')).toBe(true);

    // ipick's redirect sends the shopper to Amazon with the new id.
    const answer = await page.request.get(href, { maxRedirects: 0 });
    expect(answer.status()).toBe(302);
    const location = new URL(answer.headers()['location']!);
    expect(location.host).toBe(new URL(amazonOffer.offer.url).host);
    expect(location.searchParams.get(amazon.affiliateParameter)).toBe(tag);
  } finally {
    // Later journeys expect the placeholder id again.
    const restored = await admin.request.patch(`/api/admin/retailers/${amazon.key}`, {
      data: { affiliateId: null },
    });
    expect(restored.ok(), await restored.text()).toBe(true);
    await admin.context().close();
  }
});
