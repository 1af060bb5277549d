import { expect, test, type Page } from '@playwright/test';

/**
 * OAuth sign-in as a new user would: 'Continue with Local' on the sign-in page, the local
 * OpenID provider's own login and consent pages, back to ipick signed in; then signed out and
 * signed in again as the same account.
 */
/** The header's account button, named by the display name the provider gave. */
const accountButton = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name, exact: true });

async function signInAtProvider(page: Page, login: string) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Local' }).click();
  // The provider's own pages: its login form (unless it still knows the person), then consent.
  const loginField = page.locator('input[name="login"]');
  const consent = page.getByRole('button', { name: 'Continue', exact: true });
  await expect(loginField.or(consent)).toBeVisible();
  if (await loginField.isVisible()) {
    await loginField.fill(login);
    await page.locator('input[name="password"]').fill('any password');
    await page.locator('button[type="submit"]').first().click();
  }
  await consent.click();
}

test('signs up with an OAuth provider, signs out, and signs in again as the same account', async ({
  page,
}) => {
  const login = `oauth-${Date.now()}`;

  await signInAtProvider(page, login);
  await expect(accountButton(page, login)).toBeVisible({ timeout: 15_000 });

  await accountButton(page, login).click();
  await page
    .getByRole('menuitem', { name: 'Sign out', exact: true })
    .or(page.getByRole('button', { name: 'Sign out', exact: true }))
    .click();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign in' }),
  ).toBeVisible();

  await signInAtProvider(page, login);
  await expect(accountButton(page, login)).toBeVisible({ timeout: 15_000 });
  // The same account: its email is the provider's, verified, on the account page.
  await page.goto('/handler/account-settings');
  await expect(page.getByRole('main').getByText(`${login}@oidc.test`).first()).toBeVisible();
});
