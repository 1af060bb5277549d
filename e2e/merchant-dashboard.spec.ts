import { formatMoney } from '@ipick/core';
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { desktopChrome, signInAsAdmin } from './support/browsing.ts';
import { merchantPriceMinor, merchantProduct } from './support/demo-products.ts';
import { configureFixtureMerchant, fixtureMerchantFeed } from './support/fixture-merchant-setup.ts';
import { secondFixtureMerchantPort } from './support/ports.ts';
import { captureScreens, type ScreenshotTarget } from './support/screenshots.ts';

// Issue 7 end to end: a new merchant registers, sets up its shop in the integration wizard and is
// approved by an admin; a shopper then buys through ipick, and the merchant finds the click and
// the sale on every dashboard page. The shop is the second fixture merchant on localhost.
test.describe.configure({ mode: 'serial' });
// Every browser here is the desktop Chrome it stands for, so ipick counts the visits.
test.use(desktopChrome);

const merchant = {
  name: 'Corner Electronics',
  domain: 'corner-electronics.example',
  email: `owner-${Date.now()}@corner-electronics.example`,
  password: 'corner shop password 1',
};
const shopDomain = `localhost:${secondFixtureMerchantPort}`;
const shopOrigin = `http://${shopDomain}`;
const shopProductUrl = `${shopOrigin}/products/${merchantProduct.key}`;
const price = formatMoney(merchantPriceMinor, 'USD');
/** ipick names the product by its catalog entry: the product's title or one of its offers'. */
const productName = new RegExp(
  [merchantProduct.title, ...merchantProduct.offers.map((entry) => entry.offer.title)]
    .map((title) => title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|'),
);

/** What the journey leaves for the screenshots: sessions and the order the shopper placed. */
type Session = Awaited<ReturnType<BrowserContext['storageState']>>;
const state: { merchantSession?: Session; adminSession?: Session; orderId?: string } = {};

/** The feed: the fixture product on this shop, and a row without a price that is turned away. */
function shopFeed(): string {
  const rejected = [
    'CE-2',
    'Unpriced cable',
    `${shopOrigin}/products/cable`,
    '',
    'in stock',
    'Acme',
    '',
    'new',
  ];
  return `${fixtureMerchantFeed(shopProductUrl)}\n${rejected.join('\t')}`;
}

/** A figure of a `<dl>` by its term, e.g. "Conversions" → its value. */
function figure(scope: Page | Locator, term: string): Locator {
  return scope
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

test('a new merchant sets up its shop, is approved, and sees a shopper’s click and purchase', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);

  await test.step('the merchant registers; the account is pending', async () => {
    await page.goto('/business/register');
    const main = page.getByRole('main');
    await main.getByLabel('Business name').fill(merchant.name);
    await main.getByLabel('Shop domain').fill(merchant.domain);
    await main.getByLabel('Email').fill(merchant.email);
    await main.getByLabel('Password').fill(merchant.password);
    await main.getByRole('button', { name: 'Register business' }).click();
    await expect(page).toHaveURL(/\/business\/dashboard/, { timeout: 15_000 });
    const account = page.getByRole('region', { name: 'Business account' });
    await expect(account).toContainText(merchant.name);
    await expect(account).toContainText('Pending');
  });

  await test.step('settings: the verification meta tag shows whole, on a desktop and a phone', async () => {
    await page.goto('/business/dashboard/checkout/settings');
    const metaTag = page
      .getByRole('list', { name: 'Shop domains' })
      .getByRole('listitem')
      .filter({ hasText: merchant.domain })
      .getByLabel('Meta tag');
    await expect(metaTag).toHaveText(
      /^<meta name="ipick-site-verification" content="ipick-[\w-]+">$/,
      { timeout: 15_000 },
    );
    const viewport = page.viewportSize();
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      // Nothing of the tag lies beyond its box (to scroll to) nor beyond the screen.
      const box = await metaTag.evaluate((element) => ({
        scrollWidth: element.scrollWidth,
        clientWidth: element.clientWidth,
        right: element.getBoundingClientRect().right,
        screenWidth: document.documentElement.clientWidth,
      }));
      expect(box.scrollWidth, `at ${width} px`).toBeLessThanOrEqual(box.clientWidth);
      expect(box.right, `at ${width} px`).toBeLessThanOrEqual(box.screenWidth);
    }
    if (viewport) await page.setViewportSize(viewport);
  });

  const adminPage = await signInAsAdmin(browser);
  await test.step('an admin approves the merchant', async () => {
    await adminPage.goto('/admin/business');
    const row = adminPage.getByRole('listitem', { name: merchant.name });
    await expect(row).toContainText('Pending', { timeout: 15_000 });
    await expect(row).toContainText(merchant.domain);
    await row.getByRole('button', { name: 'Approve' }).click();
    const dialog = adminPage.getByRole('dialog', { name: `Approve ${merchant.name}?` });
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Active');
    state.adminSession = await adminPage.context().storageState();
  });
  await adminPage.context().close();

  // Keys, feeds and invitations wait for ipick's approval (issue 20).
  await test.step('the merchant’s account shows as active', async () => {
    await page.goto('/business/dashboard/checkout');
    const account = page.getByRole('region', { name: 'Business account' });
    await expect(account).toContainText('Active', { timeout: 15_000 });
    await expect(account).not.toContainText('pending approval');
  });

  await page.goto('/business/integrate/wizard');
  const stepHeading = page.getByRole('heading', { level: 2, name: /^Step \d of 4/ });

  await test.step('wizard step 1: the shop domain is added and verified', async () => {
    await expect(stepHeading).toHaveText('Step 1 of 4: Verify your domain', { timeout: 15_000 });
    const addForm = page.getByRole('form', { name: 'Add a shop domain' });
    await addForm.getByLabel('Shop domain').fill(shopDomain);
    await addForm.getByRole('button', { name: 'Add domain' }).click();
    const shop = page
      .getByRole('list', { name: 'Shop domains' })
      .getByRole('listitem')
      .filter({ hasText: shopDomain });
    await expect(shop).toContainText('Not verified');
    const token = (await shop.getByLabel('Verification token').textContent())!.trim();
    expect(token).not.toBe('');
    await configureFixtureMerchant(
      page.request,
      { verificationToken: token },
      secondFixtureMerchantPort,
    );
    await shop.getByRole('button', { name: 'Verify domain' }).click();
    await expect(shop).toContainText('Verified', { timeout: 15_000 });
    await expect(shop).not.toContainText('Not verified');
    await expect(
      page.getByRole('button', { name: 'Step 1: Verify your domain (done)' }),
    ).toBeVisible();
  });

  await test.step('wizard step 2: the snippet is installed and a page view arrives', async () => {
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(stepHeading).toHaveText('Step 2 of 4: Install the snippet');
    await page.getByRole('button', { name: 'Create publishable key' }).click();
    const snippet = page.getByLabel('Snippet to paste');
    await expect(snippet).not.toContainText('YOUR_PUBLISHABLE_KEY', { timeout: 15_000 });
    const key = /data-key="([^"]+)"/.exec((await snippet.textContent()) ?? '')?.[1];
    expect(key).toBeTruthy();
    await configureFixtureMerchant(
      page.request,
      { publishableKey: key },
      secondFixtureMerchantPort,
    );

    // The merchant opens the shop's home page; its snippet sends a page view.
    const shopTab = await page.context().newPage();
    await shopTab.goto(`${shopOrigin}/`);
    await expect(shopTab.getByRole('heading', { name: 'Corner Electronics' })).toBeVisible();
    await expect(async () => {
      await page.getByRole('button', { name: 'Check installation' }).click();
      await expect(page.getByText('Integration active')).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await shopTab.close();
    await expect(
      page.getByRole('button', { name: 'Step 2: Install the snippet (done)' }),
    ).toBeVisible();
  });

  await test.step('wizard step 3: a test event reaches ipick', async () => {
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(stepHeading).toHaveText('Step 3 of 4: Send a test event');
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect(page.getByText(/ipick received a test event/)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('ipick has received a test event from you.')).toBeVisible();
  });

  await test.step('wizard step 4: the product feed is imported, with its row report', async () => {
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(stepHeading).toHaveText('Step 4 of 4: Upload a product feed');
    await page.getByLabel('Feed file').setInputFiles({
      name: 'corner-feed.tsv',
      mimeType: 'text/tab-separated-values',
      buffer: Buffer.from(shopFeed()),
    });
    await page.getByRole('button', { name: 'Upload feed' }).click();
    const imported = page.getByRole('region', { name: 'Feed import' });
    await expect(imported.getByText('Import finished')).toBeVisible({ timeout: 60_000 });
    const report = imported.getByLabel('Import report');
    await expect(figure(report, 'Rows read')).toHaveText('2');
    await expect(figure(report, 'Added')).toHaveText('1');
    await expect(figure(report, 'Rejected')).toHaveText('1');
    const rejected = imported.getByRole('table', { name: 'Rejected rows' });
    await expect(rejected.getByRole('row').filter({ hasText: 'CE-2' })).toBeVisible();
    await expect(page.getByText('Your product feed has been imported.')).toBeVisible();
    await expect(page.getByText('4 of 4 steps done')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to your dashboard' })).toBeVisible();
  });

  const shopperContext = await browser.newContext(desktopChrome);
  const shopper = await shopperContext.newPage();
  await test.step('a shopper compares the product and buys it from the merchant', async () => {
    await shopper.goto('/?utm_source=newsletter&utm_campaign=corner-launch');
    await shopper.getByLabel('Product link').fill(merchantProduct.offers[0]!.offer.url);
    await shopper.getByRole('button', { name: 'Compare prices' }).click();
    const same = shopper.getByRole('list', { name: 'Same product', exact: true });
    await expect(same).toBeVisible({ timeout: 20_000 });
    const offer = same.getByRole('listitem').filter({ hasText: merchant.name }).first();
    await expect(offer).toBeVisible();
    await expect(offer).toContainText(price);

    const [shopTab] = await Promise.all([
      shopperContext.waitForEvent('page'),
      offer.getByRole('link', { name: merchantProduct.title }).first().click(),
    ]);
    await shopTab.waitForURL(`${shopOrigin}/**`, { timeout: 15_000 });
    expect(new URL(shopTab.url()).searchParams.get('ipick_ref')).toBeTruthy();
    await expect(shopTab.getByRole('heading', { name: merchantProduct.title })).toBeVisible();
    await shopTab.getByRole('button', { name: 'Buy now' }).click();
    const status = shopTab.getByRole('status');
    await expect(status).toContainText('Thank you for your order');
    state.orderId = (await status.textContent())!.replace(/^.* /, '');
    expect(state.orderId).toMatch(/^order-\d+$/);
  });
  await shopperContext.close();
  const orderId = state.orderId!;

  await test.step('activity: the click and the sale', async () => {
    await page.goto('/business/dashboard/checkout/activity');
    const feed = page.getByRole('list', { name: 'Activity' });
    // The feed asks again every few seconds; the sale arrives by the snippet's beacon.
    const sale = feed.getByRole('listitem').filter({ hasText: `Order ${orderId}` });
    await expect(sale.filter({ hasText: `Sale ${price}` })).toBeVisible({ timeout: 30_000 });
    await expect(sale.filter({ hasText: 'From ipick' }).first()).toBeVisible();
    const click = feed
      .getByRole('listitem')
      .filter({ hasText: 'Click to your shop' })
      .filter({ hasText: 'campaign corner-launch' });
    await expect(click.first()).toBeVisible();
    await expect(click.first()).toContainText(productName);
    await expect(click.first()).toContainText(shopProductUrl);
  });

  await test.step('analytics: clicks, a conversion and its revenue', async () => {
    await page.goto('/business/dashboard/checkout/analytics');
    await expect(
      page.getByRole('figure', { name: 'Clicks and conversions over time' }),
    ).toBeVisible({
      timeout: 20_000,
    });
    await expect(figure(page, 'Conversions')).toHaveText('1');
    await expect(figure(page, 'Revenue')).toHaveText(price);
    await expect(figure(page, 'Clicks')).toHaveText('1');
    await expect(page.getByRole('table', { name: 'Clicks by product' })).toContainText(productName);
  });

  await test.step('attribution: the sale is credited to the ipick click', async () => {
    await page.goto('/business/dashboard/checkout/attribution');
    const conversions = page.getByRole('table', { name: /^Each conversion/ });
    const row = conversions.getByRole('row').filter({ hasText: orderId });
    await expect(row).toBeVisible({ timeout: 20_000 });
    await expect(row).toContainText(price);
    // One shopper click: the referral call and the redirect that recorded it count once.
    await expect(row.getByRole('cell').nth(1)).toHaveText('1');
    // Last click, the default model, gives the whole sale to the shopper's click.
    await expect(conversions.getByRole('columnheader').nth(3)).toHaveText(
      'Last click: first / last click',
    );
    await expect(row.getByRole('cell').nth(2)).toHaveText('100 %');
    const lastClick = page
      .getByRole('table', { name: 'Conversions and revenue credited under each model' })
      .getByRole('row')
      .filter({ hasText: 'Last click' });
    await expect(lastClick).toContainText(price);

    // The order id stays on one line; on a phone the table scrolls in its box, not the page.
    const orderLink = row.getByRole('link', { name: orderId });
    const viewport = page.viewportSize();
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      const lines = await orderLink.evaluate((element) => element.getClientRects().length);
      expect(lines, `order id lines at ${width} px`).toBe(1);
      const box = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(box.scrollWidth, `page width at ${width} px`).toBeLessThanOrEqual(box.clientWidth);
    }
    if (viewport) await page.setViewportSize(viewport);
  });

  await test.step('journey: found by the order id, from the click to the purchase', async () => {
    await page.goto('/business/dashboard/journey');
    await page.getByRole('searchbox', { name: 'Find an order id' }).fill(orderId);
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(page.getByRole('heading', { name: `Orders matching “${orderId}”` })).toBeVisible();
    const orders = page.getByRole('list', { name: 'Orders' });
    await expect(orders.getByRole('listitem')).toHaveCount(1, { timeout: 15_000 });
    await expect(orders).toContainText('ipick referral');
    await orders.getByRole('link', { name: `Order ${orderId}` }).click();
    await expect(page).toHaveURL(/\?orderId=/);
    const steps = page
      .getByRole('list', { name: `Journey of order ${orderId}` })
      .getByRole('listitem');
    await expect(steps.first()).toContainText('ipick click', {
      timeout: 15_000,
    });
    await expect(steps.filter({ hasText: 'Visited a page' }).first()).toBeVisible();
    await expect(steps.last()).toContainText(`Purchase ${price}`);
    await expect(steps.last()).toContainText(`Order ${orderId}`);
  });

  state.merchantSession = await page.context().storageState();
});

test('screenshots of every merchant dashboard and admin page, on desktop and phone', async ({
  browser,
}) => {
  test.skip(!state.merchantSession || !state.orderId, 'needs the merchant journey above');
  test.setTimeout(300_000);
  const orderId = state.orderId!;

  const merchantContext = await browser.newContext({
    ...desktopChrome,
    storageState: state.merchantSession,
  });
  const merchantPage = await merchantContext.newPage();
  const dashboard = '/business/dashboard/checkout';
  const merchantTargets: ScreenshotTarget[] = [
    {
      name: 'dashboard-selector',
      path: '/business/dashboard?choose=1',
      ready: (page) => page.getByText('Checkout dashboard'),
    },
    {
      name: 'dashboard-home',
      path: dashboard,
      ready: (page) => page.getByText('Top products'),
    },
    {
      name: 'dashboard-activity',
      path: `${dashboard}/activity`,
      ready: (page) => page.getByRole('list', { name: 'Activity' }).getByText(`Order ${orderId}`),
    },
    {
      name: 'dashboard-integrate',
      path: `${dashboard}/integrate`,
      ready: (page) => page.getByText('Integration active'),
    },
    {
      name: 'dashboard-analytics',
      path: `${dashboard}/analytics`,
      ready: (page) => page.getByRole('figure', { name: 'Clicks and conversions over time' }),
      settleMs: 2_500,
    },
    {
      name: 'dashboard-products',
      path: `${dashboard}/products`,
      ready: (page) => page.getByRole('table').getByText(productName),
    },
    {
      name: 'dashboard-settings',
      path: `${dashboard}/settings`,
      ready: (page) => page.getByRole('list', { name: 'Shop domains' }).getByText(shopDomain),
    },
    {
      name: 'dashboard-attribution',
      path: `${dashboard}/attribution`,
      ready: (page) => page.getByRole('link', { name: orderId }),
    },
    {
      name: 'journey',
      path: '/business/dashboard/journey',
      ready: (page) => page.getByRole('link', { name: `Order ${orderId}` }),
    },
    {
      name: 'journey-order',
      path: `/business/dashboard/journey?orderId=${encodeURIComponent(orderId)}`,
      ready: (page) => page.getByRole('list', { name: `Journey of order ${orderId}` }),
    },
    {
      name: 'integration-wizard',
      path: '/business/integrate/wizard?step=1',
      ready: (page) => page.getByText('4 of 4 steps done'),
    },
    {
      name: 'business-connect',
      path: '/business/connect',
      ready: (page) => page.getByRole('list', { name: 'Shop domains' }).getByText(shopDomain),
    },
    {
      name: 'business-integrate',
      path: '/business/integrate',
      ready: (page) => page.getByRole('heading', { name: 'Integrate ipick with your shop' }),
    },
  ];
  await captureScreens(merchantPage, merchantTargets);
  await merchantContext.close();

  const adminContext = await browser.newContext({
    ...desktopChrome,
    storageState: state.adminSession,
  });
  const adminPage = await adminContext.newPage();
  await captureScreens(adminPage, [
    {
      name: 'admin',
      path: '/admin',
      ready: (page) => page.getByRole('tablist', { name: 'Admin sections' }),
      settleMs: 2_500,
    },
    {
      name: 'admin-business',
      path: '/admin/business',
      ready: (page) => page.getByRole('listitem', { name: merchant.name }),
    },
  ]);
  await adminContext.close();
});
