import {
  expect,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';

/**
 * Headless Chromium names itself "HeadlessChrome", which ipick counts as a bot and leaves out of
 * merchants' figures; shoppers and merchants in these tests browse as the desktop Chrome they
 * stand for.
 */
export const desktopChrome: BrowserContextOptions = {
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
};

/** The demo accounts the embedded database gets on first start (README "Accounts"). */
export const demoAccounts = {
  shopper: { email: 'shopper@demo.ipick.local', password: 'demo-shopper-1' },
  merchant: { email: 'merchant@demo.ipick.local', password: 'demo-merchant-1' },
  admin: { email: 'admin@demo.ipick.local', password: 'demo-admin-1' },
};

/** Fills the email and password of the sign-in form in the page's main region. */
export async function signInOnPage(page: Page, account: { email: string; password: string }) {
  const main = page.getByRole('main');
  await main.getByLabel('Email').fill(account.email);
  await main.getByLabel('Password').fill(account.password);
  await main.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** From the landing page, creates a shopper account in the sign-in modal; signed in after. */
export async function signUpInModal(page: Page, origin: string, email: string, password: string) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await page.goto(`${origin}/`);
  await nav.getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Create account' }).click();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expect(nav.getByRole('button', { name: email })).toBeVisible();
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
/** The demo admin's session, kept across tests of a run (see signInAsAdmin). */
let adminSession: StorageState | undefined;

/**
 * A new browser, signed in as the demo admin, on /admin. The first call signs in at
 * /admin-login; later ones reuse that session while it lasts, since ipick allows one address
 * only 10 sign-ins to one account in 5 minutes and the suite has more admin steps than that.
 */
export async function signInAsAdmin(browser: Browser): Promise<Page> {
  if (adminSession) {
    const context = await browser.newContext({ ...desktopChrome, storageState: adminSession });
    const me = (await (await context.request.get('/api/auth/me')).json()) as {
      user: { isAdmin?: boolean } | null;
    };
    if (me.user?.isAdmin) {
      const page = await context.newPage();
      await page.goto('/admin');
      return page;
    }
    await context.close();
  }
  const context = await browser.newContext(desktopChrome);
  const page = await context.newPage();
  await page.goto('/admin-login');
  await signInOnPage(page, demoAccounts.admin);
  await expect(page).toHaveURL(/\/admin$/, { timeout: 15_000 });
  adminSession = await context.storageState();
  return page;
}
