import { formatMoney } from '@ipick/core';
import { expect, test, type Page } from '@playwright/test';
import {
  shippingCaseAmazonTotal,
  shippingCaseProduct,
  sizeCases,
} from './support/demo-products.ts';
import { fixtureShopPort } from './support/ports.ts';

// Issue 19, "The results page": what a new shopper sees after pasting a link.

/** The one-line answer above the results, in each of its forms. */
const SUMMARY =
  /^(Best price|You already have|We found|We didn't find|Lowest price|One listing is probably|\d+ listings are probably)/;

async function compare(page: Page, url: string) {
  await page.goto('/');
  await page.getByLabel('Product link').fill(url);
  await page.getByRole('button', { name: 'Compare prices' }).click();
  // The one-line answer comes with the results.
  await expect(page.getByText(SUMMARY)).toBeVisible({ timeout: 20_000 });
}

const similarList = (page: Page) => page.getByRole('list', { name: 'Similar products' });
const sameList = (page: Page) => page.getByRole('list', { name: 'Same product', exact: true });

for (const [name, sizeCase] of Object.entries(sizeCases)) {
  test(`another size is never the same product: the ${name} case lands under "Similar", its difference first`, async ({
    page,
  }) => {
    await compare(page, sizeCase.pasted.offer.offer.url);
    const title = sizeCase.other.offer.offer.title;
    await expect(sameList(page).getByRole('link', { name: title, exact: true })).toHaveCount(0);

    const card = similarList(page)
      .getByRole('article')
      .filter({ has: page.getByRole('link', { name: title, exact: true }) });
    await expect(card).toHaveCount(1);
    // The difference shows on the card itself, and is the first reason given.
    await expect(card.getByText(sizeCase.difference, { exact: true }).first()).toBeVisible();
    await card.getByText('Why it is similar').click();
    await expect(card.getByRole('listitem').first()).toHaveText(sizeCase.difference);
    // Plain words: no match percentage, no similarity figure.
    await expect(page.getByRole('main')).not.toContainText(/\d+ ?% match|similarity \d/);
  });
}

test('offers are ranked and badged by their total price, shipping included', async ({ page }) => {
  const { product, amazon, ebay } = shippingCaseProduct;
  await compare(page, `http://127.0.0.1:${String(fixtureShopPort)}/products/${product.key}`);

  const cards = sameList(page).getByRole('article');
  // Each card names its shop on a line of its own (the product's title may name Amazon too).
  const at = (shop: string) => cards.filter({ has: page.getByText(shop, { exact: true }) }).first();
  const amazonCard = at('Amazon');
  const ebayCard = at('eBay');
  // Amazon: its price and shipping, and how much more than the pasted product that makes.
  await expect(amazonCard).toContainText(formatMoney(shippingCaseAmazonTotal, 'USD'));
  await expect(amazonCard).toContainText(
    `${formatMoney(amazon.offer.priceMinor!, 'USD')} + ${formatMoney(amazon.offer.shippingMinor!, 'USD')} shipping`,
  );
  await expect(amazonCard).toContainText('$7.00 more');
  await expect(ebayCard).toContainText(formatMoney(ebay.offer.priceMinor!, 'USD'));
  await expect(ebayCard).toContainText('Free shipping');

  // eBay costs more by price but less in total: it comes first under "Lowest total price".
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price');
  const order = await cards.evaluateAll((articles) =>
    articles.map((article) => article.querySelector('p')?.textContent ?? ''),
  );
  expect(order.indexOf('eBay')).toBeGreaterThanOrEqual(0);
  expect(order.indexOf('eBay')).toBeLessThan(order.indexOf('Amazon'));
});

test('on a phone, the summary and the first offer are on the first screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await compare(page, sizeCases.tv.pasted.offer.offer.url);

  const viewport = page.viewportSize()!;
  const summary = page.getByText(SUMMARY);
  const firstOffer = sameList(page).getByRole('article').first();
  for (const [what, element] of [
    ['summary', summary],
    ['first offer', firstOffer],
  ] as const) {
    const box = (await element.boundingBox())!;
    expect(box.y, `${what} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, `${what} ends on the first screen`).toBeLessThanOrEqual(
      viewport.height,
    );
  }
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // Nothing scrolls sideways; the links and the filters wait behind their buttons.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    viewport.width,
  );
  await expect(page.getByRole('link', { name: 'Browse' })).toBeHidden();
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('link', { name: 'Browse' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('link', { name: 'Browse' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Menu' })).toBeFocused();
  await expect(page.getByRole('group', { name: 'Retailer' })).toBeHidden();
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  await expect(page.getByRole('group', { name: 'Retailer' })).toBeVisible();
});
