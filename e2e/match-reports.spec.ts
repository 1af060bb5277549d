import { RETAILERS } from '@ipick/core';
import { expect, test, type Page } from '@playwright/test';
import { generateDemoCatalog } from '../apps/server/src/modules/demo/catalog-generator.ts';
import { desktopChrome, signInAsAdmin } from './support/browsing.ts';
import { catalogProduct, fixtureShopProduct, merchantProduct } from './support/demo-products.ts';

// Issue 18: a shopper reports that a listing shown as the same product is not; nothing changes
// until an admin confirms it; from then on the next comparison shows it as similar at most.
test.use(desktopChrome);

/**
 * A demo product that three retailers sell, each listing with its barcode (so the comparison
 * calls them the same product), and that no other browser test compares: this test changes
 * how its listings are shown.
 */
function productNoOtherTestCompares() {
  const taken = new Set([catalogProduct.key, fixtureShopProduct.key, merchantProduct.key]);
  for (const product of generateDemoCatalog({ seed: 1, products: 3000 })) {
    const retailers = new Set(product.offers.map((entry) => entry.retailer));
    if (
      !taken.has(product.key) &&
      product.offers.length === 3 &&
      retailers.size === 3 &&
      !retailers.has('amazon') &&
      product.offers.every(
        (entry) =>
          entry.offer.gtin !== null &&
          entry.offer.priceMinor !== null &&
          entry.offer.condition === 'new',
      )
    ) {
      return product;
    }
  }
  throw new Error('No demo product for the match report test');
}

const product = productNoOtherTestCompares();
const [pasted, reported, kept] = product.offers as [
  (typeof product.offers)[number],
  (typeof product.offers)[number],
  (typeof product.offers)[number],
];

async function compare(page: Page) {
  await page.goto('/');
  await page.getByLabel('Product link').fill(pasted.offer.url);
  await page.getByRole('button', { name: 'Compare prices' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Comparing prices');
}

const sameList = (page: Page) => page.getByRole('list', { name: /^Same product( elsewhere)?$/ });
const offerAt = (list: ReturnType<Page['getByRole']>, entry: typeof reported) =>
  list
    .getByRole('listitem')
    .filter({ hasText: RETAILERS[entry.retailer].name })
    .filter({ hasText: entry.offer.title });

test('a shopper reports a wrong match, an admin confirms it, and the listing is no longer the same product', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await compare(page);
  const same = sameList(page);
  await expect(offerAt(same, reported)).toHaveCount(1, { timeout: 15_000 });
  await expect(offerAt(same, kept)).toHaveCount(1);

  // One click reports it; the note is optional and comes after.
  await offerAt(same, reported)
    .getByRole('button', { name: /^Not the same product\?/ })
    .click();
  const item = offerAt(same, reported);
  await expect(item.getByRole('status').first()).toContainText(
    'Thanks, you reported this listing as a different product.',
  );
  await item.getByLabel('Add a note (optional)').fill('This one is a different size.');
  await item.getByRole('button', { name: 'Send note' }).click();
  await expect(item.getByText('Your note was added. Thank you.')).toBeVisible();

  // Until an admin decides, the next comparison is unchanged.
  await compare(page);
  await expect(offerAt(sameList(page), reported)).toHaveCount(1, { timeout: 15_000 });

  // The admin finds the report in the queue and confirms it from the keyboard.
  const admin = await signInAsAdmin(browser);
  await admin.goto('/admin?tab=match-reports');
  const queue = admin.getByRole('list', { name: 'Reports', exact: true });
  const row = queue.getByRole('listitem').filter({ hasText: reported.offer.title });
  await expect(row).toHaveCount(1, { timeout: 15_000 });
  await expect(row).toContainText('This one is a different size.');
  await expect(row).toContainText(pasted.offer.title);
  await expect(row).toContainText('Shown as: Same product');
  const confirm = row.getByRole('button', { name: 'Confirm: different products' });
  await confirm.focus();
  await admin.keyboard.press('Enter');
  await expect(admin.getByText('Report confirmed', { exact: true })).toBeVisible();
  await expect(row).toHaveCount(0);
  await admin.getByLabel('Show').selectOption('confirmed');
  await expect(queue.getByRole('listitem').filter({ hasText: reported.offer.title })).toContainText(
    'Confirmed: different products',
  );

  // The next comparison shows that listing as similar at most, and says why.
  await compare(page);
  await expect(offerAt(sameList(page), kept)).toHaveCount(1, { timeout: 15_000 });
  await expect(offerAt(sameList(page), reported)).toHaveCount(0);
  const similar = offerAt(page.getByRole('list', { name: 'Similar products' }), reported);
  await expect(similar).toHaveCount(1);
  await expect(similar).toContainText('Checked by ipick: a different product');
  await expect(similar.getByRole('button', { name: /^Not the same product\?/ })).toHaveCount(0);
});
