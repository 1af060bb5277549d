import { formatMoney, RETAILERS } from '@ipick/core';
import { expect, test } from '@playwright/test';
import { catalogProduct } from './support/demo-products.ts';

test('a shopper pastes a demo product link and sees the same product at other retailers', async ({
  page,
}) => {
  const product = catalogProduct;
  const [pasted, ...others] = product.offers;
  await page.goto('/');
  await page.getByLabel('Product link').fill(pasted!.offer.url);
  await page.getByRole('button', { name: 'Compare prices' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Comparing prices');
  const list = page.getByRole('list', { name: 'Same product', exact: true });
  await expect(list).toBeVisible({ timeout: 15_000 });
  for (const other of others) {
    const item = list.getByRole('listitem').filter({ hasText: other.offer.title });
    await expect(item.first()).toBeVisible();
    await expect(item.first()).toContainText(RETAILERS[other.retailer].name);
    if (other.offer.priceMinor !== null && other.offer.currency) {
      await expect(item.first()).toContainText(
        formatMoney(other.offer.priceMinor, other.offer.currency),
      );
    }
  }
});
