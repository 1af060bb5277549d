import { RETAILERS } from '@ipick/core';
import { expect, test, type Request } from '@playwright/test';
import { catalogProduct } from './support/demo-products.ts';

// Spec §1, §7, §9: every offer on the results page goes out through /api/redirect, which records
// the click and sends the shopper on with ipick's affiliate id and UTM values.
test('an offer click goes out through /api/redirect to the retailer with the affiliate id and UTM', async ({
  page,
  context,
}) => {
  // Retailer sites are not reachable offline: answer them with a tiny page and note what was asked.
  const retailerRequests: Request[] = [];
  await context.route(
    (url) => url.protocol === 'https:',
    async (route) => {
      retailerRequests.push(route.request());
      await route.fulfill({
        contentType: 'text/html',
        body: '<title>Retailer</title>Retailer page',
      });
    },
  );
  // A route never sees the request a redirect leads to, so ipick's real answer is noted here and
  // its Location followed as a fresh navigation, which the route above then answers.
  const redirects: { url: string; status: number; location: string }[] = [];
  await context.route(
    (url) => url.pathname === '/api/redirect',
    async (route) => {
      const response = await route.fetch({ maxRedirects: 0 });
      const location = response.headers()['location'] ?? '';
      redirects.push({ url: route.request().url(), status: response.status(), location });
      await route.fulfill({
        contentType: 'text/html',
        body: `<script>location.replace(${JSON.stringify(location)})</script>`,
      });
    },
  );

  const [pasted, ...others] = [...catalogProduct.offers].sort(
    (a, b) => b.offer.priceMinor! - a.offer.priceMinor!,
  );
  await page.goto('/?utm_source=newsletter&utm_campaign=spring');
  await page.getByLabel('Product link').fill(pasted!.offer.url);
  await page.getByRole('button', { name: 'Compare prices' }).click();
  await expect(page).toHaveURL(/\/new-search\//);
  const resultsPath = new URL(page.url()).pathname;

  const same = page.getByRole('list', { name: 'Same product', exact: true });
  await expect(same).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("ipick may earn a commission from retailers' links.")).toBeVisible();
  const other = others[0]!;
  const link = same
    .getByRole('listitem')
    .filter({ hasText: other.offer.title })
    .first()
    .getByRole('link', { name: other.offer.title });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'sponsored noopener');
  const href = (await link.getAttribute('href'))!;
  const query = new URL(href, page.url()).searchParams;
  expect(href.startsWith('/api/redirect?offer=')).toBe(true);
  const offerId = query.get('offer')!;
  expect(query.get('session_id')).toBeTruthy();
  expect(query.get('utm_source')).toBe('newsletter');
  expect(query.get('utm_campaign')).toBe('spring');
  expect(query.get('from')).toBe(resultsPath);

  const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await tab.waitForLoadState();
  await expect(tab.locator('body')).toContainText('Retailer page');

  // The tab asked ipick first (the offer, from the link), which answered 302 to the retailer.
  expect(redirects).toHaveLength(1);
  const [viaIpick] = redirects;
  const redirectUrl = new URL(viaIpick!.url);
  expect(redirectUrl.pathname).toBe('/api/redirect');
  expect(redirectUrl.searchParams.get('offer')).toBe(offerId);
  expect(viaIpick!.status).toBe(302);
  const arrived = retailerRequests.at(-1)!;
  expect(arrived.url()).toBe(viaIpick!.location);

  // ...with the offer's address, ipick's affiliate id and its UTM values (stored ones win).
  const target = new URL(arrived.url());
  const offerUrl = new URL(other.offer.url);
  expect(target.host).toBe(offerUrl.host);
  expect(target.pathname).toBe(offerUrl.pathname);
  const affiliateParameter = RETAILERS[other.retailer].affiliateParameter;
  expect(target.searchParams.get(affiliateParameter)).toBeTruthy();
  expect(target.searchParams.get('utm_source')).toBe('newsletter');
  expect(target.searchParams.get('utm_campaign')).toBe('spring');
  expect(target.searchParams.get('utm_medium')).toBe('price_comparison');
  expect(target.searchParams.get('session_id')).toBe(query.get('session_id'));
  expect(tab.url()).toBe(arrived.url());
});

test('without stored UTM values the outbound link carries utm_source=ipick', async ({
  page,
  context,
}) => {
  await context.route(
    (url) => url.protocol === 'https:',
    (route) => route.fulfill({ contentType: 'text/html', body: 'Retailer page' }),
  );
  const [pasted, other] = catalogProduct.offers;
  await page.goto('/');
  await page.getByLabel('Product link').fill(pasted!.offer.url);
  await page.getByRole('button', { name: 'Compare prices' }).click();
  const same = page.getByRole('list', { name: 'Same product', exact: true });
  await expect(same).toBeVisible({ timeout: 15_000 });
  const href = (await same
    .getByRole('link', { name: other!.offer.title })
    .first()
    .getAttribute('href'))!;

  // The redirect itself: a 302 (the click is recorded before it answers) to the retailer.
  const answer = await page.request.get(href, { maxRedirects: 0 });
  expect(answer.status()).toBe(302);
  const location = new URL(answer.headers()['location']!);
  expect(location.host).toBe(new URL(other!.offer.url).host);
  expect(location.searchParams.get('utm_source')).toBe('ipick');
  expect(location.searchParams.get(RETAILERS[other!.retailer].affiliateParameter)).toBeTruthy();

  const product = page.getByRole('link', { name: /^View at / });
  const productHref = new URL((await product.getAttribute('href'))!, page.url());
  expect(productHref.pathname).toBe('/api/redirect');
  // The pasted product's own link is an outbound link too: ref, UTM and session (spec §9).
  const own = await page.request.get(productHref.href, { maxRedirects: 0 });
  expect(own.status()).toBe(302);
  const ownLocation = new URL(own.headers()['location']!);
  const pastedUrl = new URL(pasted!.offer.url);
  expect(`${ownLocation.host}${ownLocation.pathname}`).toBe(
    `${pastedUrl.host}${pastedUrl.pathname}`,
  );
  expect(ownLocation.searchParams.get('ref')).toBe('ipick');
  expect(ownLocation.searchParams.get('utm_medium')).toBe('price_comparison');
  expect(ownLocation.searchParams.get('session_id')).toBe(
    productHref.searchParams.get('session_id'),
  );
});

// The "You are leaving ipick" page on a phone, for a destination whose host is one long word:
// its address, host and buttons wrap, so the page never scrolls sideways and both ways out stay
// on screen and in reach of the keyboard.
test('the leaving page fits a phone screen even for a very long host', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const host =
    'averyveryverylongsubdomainnamethatkeepsgoingandgoingandgoingon.another-very-long-label-here.unknown-shop-example.com';
  const destination = `https://${host}/p/kettle`;
  await page.goto(`/api/redirect?to=${encodeURIComponent(destination)}&from=%2Fbrowse`);
  await expect(page.getByRole('heading', { name: 'You are leaving ipick' })).toBeVisible();

  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    screen: window.innerWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.screen);
  const onScreen = async (name: string | RegExp) => {
    const box = (await page.getByRole('link', { name }).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(widths.screen);
  };
  await onScreen(`Continue to ${host}`);
  await onScreen('Back to ipick');

  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: `Continue to ${host}` })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Back to ipick' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/browse$/);
});
