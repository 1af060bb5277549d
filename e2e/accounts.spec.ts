import { expect, test, type Page } from '@playwright/test';
import { routeSamples } from '../apps/web/src/app/route-paths.ts';
import { linkIn, nextMailTo } from './support/mail.ts';

// The demo accounts that the embedded database gets on first start (README "Accounts").
const demo = {
  shopper: { email: 'shopper@demo.ipick.local', password: 'demo-shopper-1' },
  merchant: { email: 'merchant@demo.ipick.local', password: 'demo-merchant-1' },
  admin: { email: 'admin@demo.ipick.local', password: 'demo-admin-1' },
};

const uniqueEmail = (who: string) =>
  `${who}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

async function signInOnLoginPage(page: Page, email: string, password: string) {
  const main = page.getByRole('main');
  await main.getByLabel('Email').fill(email);
  await main.getByLabel('Password').fill(password);
  await main.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test.describe('a new shopper', () => {
  test('signs up in the modal, signs out, signs in on /login, then resets a forgotten password by email', async ({
    page,
  }) => {
    const email = uniqueEmail('shopper');
    const password = 'first password 1';

    // Sign up in the modal from the header.
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Sign in' })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'Create account' }).click();
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill(password);
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect(dialog).toBeHidden();
    const accountButton = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: email });
    await expect(accountButton).toBeVisible();

    // The confirmation email arrived over SMTP; its link verifies the address.
    const welcome = await nextMailTo(email);
    await page.goto(linkIn(welcome, '/handler/email-verification'));
    await expect(page.getByText(/verified/i).first()).toBeVisible();

    // Sign out from the account menu.
    await accountButton.click();
    await page
      .getByRole('menuitem', { name: 'Sign out', exact: true })
      .or(page.getByRole('button', { name: 'Sign out', exact: true }))
      .click();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign in' }),
    ).toBeVisible();

    // Sign in on the login page.
    await page.goto('/login');
    await signInOnLoginPage(page, email, password);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: email }),
    ).toBeVisible();
    await page.context().clearCookies();

    // Forgot the password: ask for a link, follow it from the mail, choose a new one.
    await page.goto('/login');
    await page.getByRole('main').getByRole('link', { name: 'Forgot password?' }).click();
    // The page loads its own code: until then the sign-in form, with its own Email, is shown.
    await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
    await page.getByRole('main').getByLabel('Email').fill(email);
    await page.getByRole('main').getByRole('button', { name: 'Send reset link' }).click();
    await expect(
      page.getByText(
        "If an account exists for that email, we've sent a link to reset the password.",
      ),
    ).toBeVisible();
    const resetMail = await nextMailTo(email);
    await page.goto(linkIn(resetMail, '/reset-password'));
    await page.getByLabel('New password').fill('second password 2');
    await page.getByLabel('Confirm password').fill('second password 2');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('Your password has been changed.')).toBeVisible();

    await page.goto('/login');
    await signInOnLoginPage(page, email, 'second password 2');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: email }),
    ).toBeVisible();
  });

  test('is asked to sign in before seeing their history, and brought back', async ({ page }) => {
    await page.goto('/history');
    await expect(page).toHaveURL(/\/login\?returnTo=%2Fhistory$/);
    await signInOnLoginPage(page, demo.shopper.email, demo.shopper.password);
    await expect(page).toHaveURL(/\/history$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search history');
  });

  test('sees the server’s message for a wrong password', async ({ page }) => {
    await page.goto('/login');
    await signInOnLoginPage(page, demo.shopper.email, 'not the password');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(/Wrong email or password\./);
  });
});

test.describe('a new merchant', () => {
  test('registers, sees the dashboard shell, logs out and logs back in', async ({ page }) => {
    const email = uniqueEmail('merchant');
    const domain = `shop-${Date.now()}.example.com`;
    await page.goto('/business/register');
    await page.getByLabel('Business name').fill('Kettle World');
    await page.getByLabel('Shop domain').fill(domain);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('merchant password 1');
    await page.getByRole('button', { name: 'Register business' }).click();

    await expect(page).toHaveURL(/\/business\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Business dashboards');
    const account = page.getByRole('region', { name: 'Business account' });
    await expect(account).toContainText('Kettle World');
    await expect(account).toContainText('Pending');

    await page.goto('/business/dashboard/checkout');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    await page
      .getByRole('region', { name: 'Business account' })
      .getByRole('button', { name: 'Log out' })
      .click();
    // Logged out on purpose: the sign-in page, without a way back to the page left.
    await expect(page).toHaveURL(/\/business-login$/);

    await page.getByRole('main').getByLabel('Email').fill(email);
    await page.getByRole('main').getByLabel('Password').fill('merchant password 1');
    await page.getByRole('main').getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/business\/dashboard$/);
    await expect(page.getByRole('region', { name: 'Business account' })).toContainText(domain);
  });
});

test.describe('an admin', () => {
  test('signs in on the admin login and opens the admin pages', async ({ page }) => {
    await page.goto('/admin-login');
    await signInOnLoginPage(page, demo.admin.email, demo.admin.password);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText(`Signed in as ${demo.admin.email}`)).toBeVisible();
    await page.goto('/admin/business');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Business management');
  });

  test('a shopper is refused on the admin login and kept out of /admin', async ({ page }) => {
    await page.goto('/admin-login');
    await signInOnLoginPage(page, demo.shopper.email, demo.shopper.password);
    // Answered as a wrong password: the admin login does not tell whose passwords are right.
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(/Wrong email or password/);

    await page.goto('/login');
    await signInOnLoginPage(page, demo.shopper.email, demo.shopper.password);
    // The demo shopper has a display name, which the account menu shows.
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Demo Shopper' }),
    ).toBeVisible();
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin-login/);
    await expect(page.getByText('This account does not have admin access')).toBeVisible();
    // The server refuses too, whatever the page shows.
    const api = await page.request.get('/api/admin/me');
    expect(api.status()).toBe(403);
  });
});

test('every guarded page opens for the account it is meant for', async ({ page }) => {
  // Three sign-ins and every guarded page in one journey.
  test.setTimeout(120_000);
  const credentials = {
    shopper: { ...demo.shopper, loginPath: '/login' },
    admin: { ...demo.admin, loginPath: '/admin-login' },
    business: { ...demo.merchant, loginPath: '/business-login' },
  };
  for (const role of ['shopper', 'admin', 'business'] as const) {
    await page.context().clearCookies();
    const { email, password, loginPath } = credentials[role];
    await page.goto(loginPath);
    await signInOnLoginPage(page, email, password);
    await expect(page).not.toHaveURL(new RegExp(`${loginPath}$`));
    for (const sample of routeSamples.filter((candidate) => candidate.access?.requires === role)) {
      await page.goto(sample.path);
      await expect(page.getByRole('heading', { level: 1 }), sample.path).toHaveText(
        sample.access!.heading,
      );
    }
  }
});
