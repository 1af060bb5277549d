import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { appPort } from './support/ports.ts';
import { signUpInModal } from './support/browsing.ts';

const site = `http://localhost:${appPort}`;

/**
 * A shopper with two-factor on signs in on /login with the password: the right password leads
 * to the code step, not into the account, and the code from the secret finishes the sign-in.
 */
test('password sign-in of a two-factor account asks for the code, then signs in', async ({
  page,
}) => {
  const email = `two-factor-${Date.now()}@example.com`;
  const password = 'two factor password 1';
  const nav = page.getByRole('navigation', { name: 'Main' });

  await signUpInModal(page, site, email, password);

  // Two-factor on, through the identity API as the page's own code calls it.
  const secret = randomBytes(20);
  const access = (await (await page.request.post(`${site}/api/auth/identity-token`)).json()) as {
    projectId: string;
    publishableClientKey: string;
    accessToken: string;
  };
  const enabled = await page.request.patch(`${site}/api/v1/users/me`, {
    headers: {
      'x-stack-access-type': 'client',
      'x-stack-project-id': access.projectId,
      'x-stack-publishable-client-key': access.publishableClientKey,
      'x-stack-access-token': access.accessToken,
    },
    data: { totp_secret_base64: secret.toString('base64') },
  });
  expect(enabled.status()).toBe(200);

  await nav.getByRole('button', { name: email }).click();
  await page
    .getByRole('menuitem', { name: 'Sign out', exact: true })
    .or(page.getByRole('button', { name: 'Sign out', exact: true }))
    .click();
  await expect(nav.getByRole('button', { name: 'Sign in' })).toBeVisible();

  await page.goto(`${site}/login`);
  const main = page.locator('#main-content');
  await main.getByLabel('Email').fill(email);
  await main.getByLabel('Password').fill(password);
  await main.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/handler\/mfa/);
  await expect(nav.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Code from your authenticator app').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(nav.getByRole('button', { name: email })).toBeVisible();
});
