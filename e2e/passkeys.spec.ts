import { expect, test } from '@playwright/test';
import { appPort } from './support/ports.ts';
import { signUpInModal } from './support/browsing.ts';

/** WebAuthn takes a domain, never an IP address, as the RP id: these pages are on localhost. */
const site = `http://localhost:${appPort}`;

/**
 * Passkeys in Chromium with its virtual authenticator (DevTools protocol): a new shopper adds a
 * passkey in account settings, signs out, and signs in with it on /login.
 */
test('registers a passkey, signs out, and signs in with it', async ({ page }) => {
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
  const email = `passkey-${Date.now()}@example.com`;
  const nav = page.getByRole('navigation', { name: 'Main' });

  await signUpInModal(page, site, email, 'passkey password 1');

  await page.goto(`${site}/handler/account-settings`);
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText('Passkey added. You can now sign in with it.')).toBeVisible();
  // The authenticator holds one discoverable credential for ipick's host.
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });

  await nav.getByRole('button', { name: email }).click();
  await page
    .getByRole('menuitem', { name: 'Sign out', exact: true })
    .or(page.getByRole('button', { name: 'Sign out', exact: true }))
    .click();
  await expect(nav.getByRole('button', { name: 'Sign in' })).toBeVisible();

  await page.goto(`${site}/login`);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(nav.getByRole('button', { name: email })).toBeVisible();

  // Account settings lists the passkey; once removed, ipick refuses it even though the
  // authenticator still offers it.
  await page.goto(`${site}/handler/account-settings`);
  const passkeys = page.getByRole('list', { name: 'Your passkeys' });
  await expect(passkeys.getByRole('listitem')).toHaveCount(1);
  await passkeys.getByRole('button', { name: 'Remove Passkey 1' }).click();
  await expect(
    page.getByText('Passkey removed. It no longer signs in to this account.'),
  ).toBeVisible();
  await expect(page.getByText('No passkeys yet.')).toBeVisible();

  await nav.getByRole('button', { name: email }).click();
  await page
    .getByRole('menuitem', { name: 'Sign out', exact: true })
    .or(page.getByRole('button', { name: 'Sign out', exact: true }))
    .click();
  await expect(nav.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.goto(`${site}/login`);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert')).toContainText('Passkey authentication failed');
  await expect(nav.getByRole('button', { name: 'Sign in' })).toBeVisible();
});
