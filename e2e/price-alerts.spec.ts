import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
} from '@playwright/test';
import { demoAccounts, desktopChrome } from './support/browsing.ts';
import { catalogProduct } from './support/demo-products.ts';
import { linkIn, nextMailTo } from './support/mail.ts';

// Issue 19: a shopper asks to be told when an offer drops under a price; the shop's next feed
// import lowers it, the email arrives over SMTP with ipick's tracked link, and its unsubscribe
// link stops the alert without signing in.
test.use(desktopChrome);

const stamp = Date.now();
const shop = {
  name: 'Alert Outlet',
  domain: `alert-outlet-${stamp}.example`,
  email: `alerts-merchant-${stamp}@example.com`,
  password: 'merchant password 1',
};
const shopper = { email: `alerts-shopper-${stamp}@example.com`, password: 'a good long password' };
const offerUrl = `https://${shop.domain}/products/alert-1`;
/** The shop sells the catalog product two dollars under its cheapest catalog offer. */
const startPriceMinor =
  Math.min(...catalogProduct.offers.map((entry) => entry.offer.priceMinor!)) - 200;
const dollars = (minor: number) => (minor / 100).toFixed(2);

/** The shop's Merchant Center TSV feed: the catalog product (same GTIN) at `priceMinor`. */
async function importFeed(merchant: APIRequestContext, priceMinor: number) {
  const feed = [
    'id\ttitle\tlink\tprice\tavailability\tbrand\tgtin\tcondition',
    [
      'ALERT-1',
      catalogProduct.title,
      offerUrl,
      `${dollars(priceMinor)} USD`,
      'in stock',
      catalogProduct.brand,
      catalogProduct.gtin,
      'new',
    ].join('\t'),
  ].join('\n');
  const upload = await merchant.post('/api/business/catalog/feeds', {
    multipart: {
      feed: { name: 'feed.tsv', mimeType: 'text/tab-separated-values', buffer: Buffer.from(feed) },
    },
  });
  expect(upload.status(), await upload.text()).toBe(202);
  const { importId } = (await upload.json()) as { importId: string };
  await expect
    .poll(
      async () => {
        const state = await merchant.get(`/api/business/catalog/feeds/${importId}`);
        return ((await state.json()) as { status: string }).status;
      },
      { timeout: 30_000 },
    )
    .toBe('completed');
}

test('a price alert emails once after a feed import lowers the price, and its link unsubscribes', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const merchant = await playwrightRequest.newContext({ baseURL, ...desktopChrome });
  const admin = await playwrightRequest.newContext({ baseURL, ...desktopChrome });

  await test.step('an approved shop lists the catalog product', async () => {
    const registered = await merchant.post('/api/business/auth/register', { data: shop });
    expect(registered.ok(), await registered.text()).toBe(true);
    const { business } = (await registered.json()) as { business: { id: string } };
    const signedIn = await admin.post('/api/admin/auth/login', { data: demoAccounts.admin });
    expect(signedIn.ok(), await signedIn.text()).toBe(true);
    const approved = await admin.post(`/api/admin/businesses/${business.id}/approve`);
    expect(approved.ok(), await approved.text()).toBe(true);
    await importFeed(merchant, startPriceMinor);
  });

  const markMinor = startPriceMinor - 500;
  await test.step('a signed-in shopper sets an alert on the shop’s offer', async () => {
    const registered = await page.request.post('/api/auth/register', { data: shopper });
    expect(registered.ok(), await registered.text()).toBe(true);
    expect((await nextMailTo(shopper.email)).subject).toContain('Confirm your email');

    const pasted = catalogProduct.offers.find((entry) => entry.retailer !== 'costco')!;
    await page.goto(`/${pasted.offer.url}`);
    const card = page.getByRole('article').filter({ hasText: shop.name });
    await card.getByRole('button', { name: /^Price alert/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Tell me when the price drops' });
    await dialog.getByLabel(/at or below/).fill(dollars(markMinor));
    await dialog.getByRole('button', { name: 'Create alert' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      card.getByRole('button', { name: new RegExp(`^Price alert at \\$${dollars(markMinor)}`) }),
    ).toBeVisible();
  });

  await test.step('the next import lowers the price under the mark: one email', async () => {
    await importFeed(merchant, markMinor - 100);
    const mail = await nextMailTo(shopper.email);
    expect(mail.subject).toContain(`is now $${dollars(markMinor - 100)} at ${shop.name}`);
    // The offer link is ipick's tracked redirect, which sends the shopper on to the shop.
    const offerLink = new URL(linkIn(mail, '/api/redirect'));
    expect(offerLink.searchParams.get('offer')).toBeTruthy();
    const redirect = await merchant.get(offerLink.href, { maxRedirects: 0 });
    expect(redirect.status()).toBe(302);
    expect(redirect.headers().location).toContain(`${shop.domain}/products/alert-1`);

    await page.goto('/alerts');
    const row = page.getByRole('list', { name: 'Your price alerts' }).getByRole('listitem');
    await expect(row).toContainText('Fired');
    await expect(row).toContainText(`Emailed you at $${dollars(markMinor - 100)}`);

    // Opened signed out, the link says which alert it stops and stops it with one press.
    const visitor = await browser.newContext(desktopChrome);
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(linkIn(mail, '/alerts/unsubscribe'));
    await expect(visitorPage.getByText(`Stop the alert for ${catalogProduct.title}`)).toBeVisible();
    await visitorPage.getByRole('button', { name: 'Stop this alert' }).click();
    await expect(visitorPage.getByRole('heading', { name: 'Alert stopped' })).toBeVisible();
    await visitor.close();

    await page.reload();
    await expect(page.getByRole('heading', { name: 'No price alerts yet' })).toBeVisible();
  });

  await merchant.dispose();
  await admin.dispose();
});
