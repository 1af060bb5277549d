import { expect, test } from '@playwright/test';
import { desktopChrome } from './support/browsing.ts';
import { linkIn, nextMailTo } from './support/mail.ts';

// Issue 22: a shopper adds a second email address in account settings, confirms it from the
// mail and makes it primary; then signs in with it. And one makes, copies and revokes an API key.
test.use(desktopChrome);

test('a shopper adds, verifies and makes primary a second email, and removes the first', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const first = `ada-${stamp}@example.com`;
  const second = `ada-${stamp}@work.example`;
  const password = 'ada password 123';

  await page.goto('/handler/sign-up?after_auth_return_to=%2Fhandler%2Faccount-settings');
  const main = page.getByRole('main');
  await main.getByLabel('Email').fill(first);
  await main.getByLabel('Password').fill(password);
  await main.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/handler\/account-settings/, { timeout: 15_000 });

  const addresses = page.getByRole('list', { name: 'Email addresses' });
  await expect(addresses).toContainText(first);
  const form = page.getByRole('form', { name: 'Add an email address' });
  await form.getByLabel('Another email address').fill(second);
  await form.getByRole('button', { name: 'Add email' }).click();
  await expect(addresses.getByRole('listitem').filter({ hasText: second })).toContainText(
    'Not verified',
  );

  const mail = await nextMailTo(second);
  await page.goto(linkIn(mail, '/handler/email-verification'));
  await expect(page.getByText('Your email address is verified.')).toBeVisible({ timeout: 15_000 });

  await page.goto('/handler/account-settings');
  const secondRow = page
    .getByRole('list', { name: 'Email addresses' })
    .getByRole('listitem')
    .filter({ hasText: second });
  await expect(secondRow).toContainText('Verified');
  await secondRow.getByRole('button', { name: `Make ${second} your primary email` }).click();
  await expect(secondRow).toContainText('Primary', { timeout: 15_000 });

  const firstRow = page
    .getByRole('list', { name: 'Email addresses' })
    .getByRole('listitem')
    .filter({ hasText: first });
  await firstRow.getByRole('button', { name: `Remove ${first}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove email' }).click();
  await expect(page.getByRole('list', { name: 'Email addresses' })).not.toContainText(first, {
    timeout: 15_000,
  });
  await expect(
    page.getByRole('list', { name: 'Your teams' }).or(page.getByText('You are in no team.')),
  ).toBeVisible();
});

test('a shopper creates an API key, sees its secret once, copies, renames and revokes it', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/handler/sign-up?after_auth_return_to=%2Fhandler%2Faccount-settings');
  const main = page.getByRole('main');
  await main.getByLabel('Email').fill(`keys-${Date.now()}@example.com`);
  await main.getByLabel('Password').fill('key maker password 1');
  await main.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/handler\/account-settings/, { timeout: 15_000 });

  await expect(page.getByText('You have no API keys.')).toBeVisible({ timeout: 15_000 });
  const form = page.getByRole('form', { name: 'Create an API key' });
  await form.getByLabel('What the key is for').fill('price tracker script');
  await form.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByRole('status').filter({ hasText: 'Copy your new key now' });
  await expect(shown).toBeVisible({ timeout: 15_000 });
  const secret = (await shown.locator('.font-mono').textContent())!.trim();
  expect(secret.length).toBeGreaterThan(30);
  await shown.getByRole('button', { name: 'Copy key' }).click();
  await expect(shown.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

  // Once the page is left, only the last four characters are ever shown again.
  await page.reload();
  const keys = page.getByRole('list', { name: 'Your API keys' });
  const row = keys.getByRole('listitem').filter({ hasText: 'price tracker script' });
  await expect(row).toContainText(`…${secret.slice(-4)}`, { timeout: 15_000 });
  await expect(page.getByText(secret)).toHaveCount(0);

  await row.getByRole('button', { name: 'Rename the key price tracker script' }).click();
  const renaming = page.getByRole('dialog');
  await renaming.getByLabel('New name').fill('price tracker on the laptop');
  await renaming.getByRole('button', { name: 'Save name' }).click();
  const renamed = keys.getByRole('listitem').filter({ hasText: 'price tracker on the laptop' });
  await expect(renamed).toContainText(`…${secret.slice(-4)}`, { timeout: 15_000 });

  await renamed.getByRole('button', { name: 'Revoke the key price tracker on the laptop' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke key' }).click();
  await expect(renamed).toContainText('Revoked', { timeout: 15_000 });
  await page.reload();
  await expect(
    page.getByRole('list', { name: 'Your API keys' }).getByRole('listitem').filter({
      hasText: 'price tracker on the laptop',
    }),
  ).toContainText('Revoked', { timeout: 15_000 });
});
