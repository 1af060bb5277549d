import { expect, test } from '@playwright/test';
import { appPort } from './support/ports.ts';
import { signUpInModal } from './support/browsing.ts';

/** WebAuthn takes a domain, never an IP address, as the RP id: these pages are on localhost. */
const site = `http://localhost:${appPort}`;

/**
 * A merchant signs in on /business-login with a passkey (Chromium's virtual authenticator),
 * added to their account in account settings; a shopper's passkey there is told it belongs to
 * no business's team.
 */
test('a merchant signs in on /business-login with a passkey; a shopper is told why not', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  const stamp = Date.now();
  const email = `passkey-merchant-${stamp}@example.com`;
  const password = 'passkey merchant 1';
  const nav = page.getByRole('navigation', { name: 'Main' });

  await page.goto(`${site}/business/register`);
  const main = page.getByRole('main');
  await main.getByLabel('Business name').fill('Passkey Lamps');
  await main.getByLabel('Shop domain').fill(`passkey-lamps-${stamp}.example`);
  await main.getByLabel('Email').fill(email);
  await main.getByLabel('Password').fill(password);
  await main.getByRole('button', { name: 'Register business' }).click();
  await expect(page).toHaveURL(/\/business\/dashboard/, { timeout: 15_000 });
  await page
    .getByRole('region', { name: 'Business account' })
    .getByRole('button', { name: 'Log out' })
    .click();
  await expect(page).not.toHaveURL(/\/business\/dashboard/);

  // The same account signs in as a shopper to reach account settings and add a passkey.
  await page.goto(`${site}/login`);
  await page.locator('#main-content').getByLabel('Email').fill(email);
  await page.locator('#main-content').getByLabel('Password').fill(password);
  await page.locator('#main-content').getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(nav.getByRole('button', { name: email })).toBeVisible();
  await page.goto(`${site}/handler/account-settings`);
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText('Passkey added. You can now sign in with it.')).toBeVisible();
  await nav.getByRole('button', { name: email }).click();
  await page
    .getByRole('menuitem', { name: 'Sign out', exact: true })
    .or(page.getByRole('button', { name: 'Sign out', exact: true }))
    .click();
  await expect(nav.getByRole('button', { name: 'Sign in' })).toBeVisible();

  await page.goto(`${site}/business-login`);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/business\/dashboard/, { timeout: 15_000 });
  await expect(page.getByRole('region', { name: 'Business account' })).toContainText(
    'Passkey Lamps',
  );
  // A merchant session only: the shopper header still offers to sign in.
  const me = await page.request.get(`${site}/api/auth/me`);
  expect(((await me.json()) as { user: unknown }).user).toBeNull();

  // A shopper with a passkey of their own is refused on /business-login, saying why.
  await page
    .getByRole('region', { name: 'Business account' })
    .getByRole('button', { name: 'Log out' })
    .click();
  await cdp.send('WebAuthn.clearCredentials', { authenticatorId });
  const shopper = `passkey-shopper-${stamp}@example.com`;
  await signUpInModal(page, site, shopper, 'passkey shopper 1');
  await page.goto(`${site}/handler/account-settings`);
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText('Passkey added. You can now sign in with it.')).toBeVisible();
  await page.goto(`${site}/business-login`);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert')).toContainText("This account is not on any business's team");
  await expect(page).toHaveURL(/\/business-login/);
});
