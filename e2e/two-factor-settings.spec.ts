import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { appPort } from './support/ports.ts';
import { signUpInModal } from './support/browsing.ts';

const site = `http://localhost:${appPort}`;

function base32Decode(text: string): Uint8Array {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.replace(/\s+/g, '')) {
    value = (value << 5) | alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return new Uint8Array(out);
}

async function signOut(page: Page, email: string) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: email }).click();
  await page
    .getByRole('menuitem', { name: 'Sign out', exact: true })
    .or(page.getByRole('button', { name: 'Sign out', exact: true }))
    .click();
  await expect(nav.getByRole('button', { name: 'Sign in' })).toBeVisible();
}

async function passwordInModal(page: Page, email: string, password: string) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  return page.getByRole('dialog', { name: 'Two-step verification' });
}

/**
 * A shopper turns two-factor on in account settings (reading the key the page shows into
 * their "authenticator"), saves recovery codes, then signs in through the modal with a code
 * and later with a recovery code.
 */
test('enable two-factor in account settings, then sign in through the modal with a code', async ({
  page,
}) => {
  const email = `two-factor-settings-${Date.now()}@example.com`;
  const password = 'two factor settings 1';
  const nav = page.getByRole('navigation', { name: 'Main' });

  await signUpInModal(page, site, email, password);

  await page.goto(`${site}/handler/account-settings`);
  await page.getByRole('button', { name: 'Turn on two-factor' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const key = (await page.getByTestId('totp-secret').textContent())!.trim();
  const secret = base32Decode(key);
  expect(secret).toHaveLength(20);

  // A code of another key is refused before anything is saved.
  await page.getByLabel('Code from your authenticator app').fill('000000');
  await page.getByRole('button', { name: 'Turn on', exact: true }).click();
  await expect(page.getByText(/That code does not match this key/)).toBeVisible();
  await page.getByLabel('Code from your authenticator app').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Turn on', exact: true }).click();

  await page.getByRole('button', { name: 'Create recovery codes' }).click();
  const codeItems = page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem');
  await expect(codeItems).toHaveCount(10);
  const codes = await codeItems.allTextContents();
  await page.getByRole('button', { name: 'I saved them' }).click();
  await expect(page.getByText('Two-factor is on: signing in asks for a code')).toBeVisible();

  await signOut(page, email);
  await page.goto(`${site}/`);
  const step = await passwordInModal(page, email, password);
  await expect(step.getByLabel('Code from your authenticator app')).toBeVisible();
  // Still signed out until the code.
  const me = await page.request.get(`${site}/api/auth/me`);
  expect(((await me.json()) as { user: unknown }).user).toBeNull();
  await step.getByLabel('Code from your authenticator app').fill(await generate({ secret }));
  await step.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(nav.getByRole('button', { name: email })).toBeVisible();
  // The modal step kept the visitor on the page they were on.
  expect(new URL(page.url()).pathname).toBe('/');

  // A recovery code works once in place of the app's code.
  await signOut(page, email);
  const recovery = await passwordInModal(page, email, password);
  await recovery.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await recovery.getByLabel('Recovery code').fill(codes[0]!);
  await recovery.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(nav.getByRole('button', { name: email })).toBeVisible();

  await signOut(page, email);
  const reused = await passwordInModal(page, email, password);
  await reused.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await reused.getByLabel('Recovery code').fill(codes[0]!);
  await reused.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(reused.getByText('That recovery code is wrong or was already used.')).toBeVisible();

  // Turning it off asks first; then the password alone signs in.
  await reused.getByRole('button', { name: 'Use my authenticator app instead' }).click();
  await reused
    .getByLabel('Code from your authenticator app')
    .fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await reused.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(nav.getByRole('button', { name: email })).toBeVisible();
  await page.goto(`${site}/handler/account-settings`);
  await page.getByRole('button', { name: 'Turn off two-factor' }).click();
  await page
    .getByRole('dialog', { name: 'Turn off two-factor?' })
    .getByRole('button', { name: 'Turn off' })
    .click();
  await expect(page.getByRole('button', { name: 'Turn on two-factor' })).toBeVisible();
});
