import { formatMoney, RETAILERS } from '@ipick/core';
import { expect, test, type Page } from '@playwright/test';
import {
  catalogProduct,
  fixtureShopPriceMinor,
  fixtureShopProduct,
  titleOfAnyListing,
  wordsEveryListingHas,
} from './support/demo-products.ts';
import { closedPort, fixtureShopPort } from './support/ports.ts';

const uniqueEmail = () => `shopper-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

async function signUp(page: Page) {
  const email = uniqueEmail();
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Sign in' })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Create account' }).click();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill('a shopper password 1');
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expect(dialog).toBeHidden();
  return email;
}

async function pasteLink(page: Page, url: string) {
  await page.goto('/');
  await page.getByLabel('Product link').fill(url);
  await page.getByRole('button', { name: 'Compare prices' }).click();
  await expect(page).toHaveURL(/\/new-search\//);
}

test('a new shopper compares a catalog link, favourites it, and finds it in favorites and history', async ({
  page,
}) => {
  await signUp(page);
  // The dearest offer is pasted, so every other retailer is a saving.
  const offers = [...catalogProduct.offers].sort(
    (a, b) => b.offer.priceMinor! - a.offer.priceMinor!,
  );
  const [pasted, ...others] = offers;
  await pasteLink(page, pasted!.offer.url);

  const same = page.getByRole('list', { name: 'Same product', exact: true });
  await expect(same).toBeVisible({ timeout: 15_000 });
  for (const other of others) {
    const item = same.getByRole('listitem').filter({ hasText: other.offer.title }).first();
    await expect(item).toContainText(RETAILERS[other.retailer].name);
    await expect(item).toContainText(formatMoney(other.offer.priceMinor!, 'USD'));
    const saving = pasted!.offer.priceMinor! - other.offer.priceMinor!;
    if (saving > 0) await expect(item).toContainText(`Save ${formatMoney(saving, 'USD')}`);
  }
  // The demo catalog has no pictures: the product shows its category's drawing, not an empty frame.
  const drawing = `[data-illustration="${catalogProduct.category}"]`;
  const productCard = page.locator('div', {
    has: page.getByRole('heading', { level: 2, name: pasted!.offer.title }),
  });
  await expect(productCard.locator(drawing).first()).toBeVisible();
  const similar = page.getByRole('list', { name: 'Similar products' });
  await expect(similar).toBeVisible();
  // A different product's lower price is not a saving on the pasted one, so it gets no badge.
  await expect(similar).not.toContainText(/Save \$/);

  // Search and comparison reach the data layer once each (spec §7).
  const events = await page.evaluate(() =>
    ((window as unknown as { dataLayer?: { event?: string }[] }).dataLayer ?? []).map(
      (entry) => entry.event,
    ),
  );
  expect(events.filter((name) => name === 'search')).toHaveLength(1);
  expect(events.filter((name) => name === 'price_comparison')).toHaveLength(1);

  const save = page.getByRole('button', { name: 'Save to favorites' }).first();
  await save.click();
  await expect(page.getByRole('button', { name: 'Remove from favorites' }).first()).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.goto('/favorites');
  const favorites = page.getByRole('list', { name: 'Your favorites' });
  await expect(favorites.getByRole('listitem')).toHaveCount(1);
  await expect(favorites).toContainText(pasted!.offer.title);
  await expect(favorites.getByRole('listitem').locator(drawing)).toBeVisible();

  await page.goto('/history');
  const history = page.getByRole('list', { name: 'Your comparisons' });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history).toContainText(pasted!.offer.title);
  await expect(history.getByRole('listitem').locator(drawing)).toBeVisible();

  // Reopened from history, the results come back by request id.
  await history.getByRole('link').first().click();
  await expect(page.getByRole('list', { name: 'Same product', exact: true })).toBeVisible();

  await page.goto('/favorites');
  await page.getByRole('button', { name: `Remove ${pasted!.offer.title} from favorites` }).click();
  await expect(page.getByText('No favorites yet')).toBeVisible();
});

test('a link to a shop page that is not in the catalog is read and compared', async ({ page }) => {
  const url = `http://127.0.0.1:${fixtureShopPort}/products/${fixtureShopProduct.key}`;
  await pasteLink(page, url);
  await expect(page.getByRole('heading', { name: fixtureShopProduct.title })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('main')).toContainText(formatMoney(fixtureShopPriceMinor, 'USD'));
  // The shop's picture, served over plain http, is shown (not blocked, not a placeholder).
  const picture = page.locator(`img[src^="http://127.0.0.1:${fixtureShopPort}/images/"]`);
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBe(120);
  const same = page.getByRole('list', { name: 'Same product', exact: true });
  for (const other of fixtureShopProduct.offers) {
    const item = same.getByRole('listitem').filter({ hasText: other.offer.title }).first();
    await expect(item).toContainText(RETAILERS[other.retailer].name);
    // The shop is a dollar under the cheapest retailer, so each one costs more.
    const dearer = other.offer.priceMinor! - fixtureShopPriceMinor;
    await expect(item).toContainText(`${formatMoney(dearer, 'USD')} more`);
  }
});

test('a link whose page cannot be fetched is compared by the words of its address', async ({
  page,
}) => {
  const words = catalogProduct.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  await pasteLink(page, `http://127.0.0.1:${closedPort}/products/${words}`);
  await expect(page.getByText(/compared the product's name from the link instead/)).toBeVisible({
    timeout: 15_000,
  });
  const results = page
    .getByRole('list', { name: 'Same product', exact: true })
    .or(page.getByRole('list', { name: 'Similar products' }));
  await expect(results.first()).toBeVisible();
  await expect(page.getByRole('main')).toContainText(catalogProduct.brand);
});

test('a shop page that is not a product page gets a clear message and a way to try again', async ({
  page,
}) => {
  await pasteLink(page, 'https://www.amazon.com/s?k=television');
  await expect(
    page.getByText(
      'That is not a product page at Amazon. Open the product itself and paste its link.',
    ),
  ).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await page.getByRole('link', { name: 'Compare another link' }).click();
  await expect(page.getByLabel('Product link')).toBeVisible();
});

test('the landing page offers catalog examples that compare in one click', async ({ page }) => {
  await page.goto('/');
  const example = page.getByRole('list', { name: 'Example products' }).getByRole('button');
  await expect(example.first()).toBeVisible();
  // Without pictures, each example shows its category's drawing, never the neutral parcel.
  const drawings = page
    .getByRole('list', { name: 'Example products' })
    .locator('[data-illustration]');
  await expect(drawings).toHaveCount(await example.count());
  for (const category of await drawings.evaluateAll((nodes) =>
    nodes.map((node) => node.getAttribute('data-illustration')),
  ))
    expect(category).not.toBe('product');
  await example.first().click();
  await expect(page).toHaveURL(/\/new-search\//);
  await expect(page.getByRole('list', { name: 'Same product', exact: true })).toBeVisible({
    timeout: 15_000,
  });
});

test('browse finds a product by search and compares it', async ({ page }) => {
  await page.goto(`/browse/${catalogProduct.category}`);
  await page.getByRole('searchbox').first().fill(wordsEveryListingHas(catalogProduct));
  await page.getByRole('searchbox').first().press('Enter');
  // Browse names a product as the first shop that listed it did.
  const card = page
    .getByRole('article')
    .filter({ has: page.getByText(titleOfAnyListing(catalogProduct)) })
    .first();
  await expect(card).toBeVisible({ timeout: 15_000 });
  await card.getByRole('button', { name: /compare/i }).click();
  await expect(page.getByRole('list', { name: 'Same product', exact: true })).toBeVisible({
    timeout: 15_000,
  });
});
