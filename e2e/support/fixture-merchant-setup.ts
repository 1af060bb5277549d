import { expect, type APIRequestContext } from '@playwright/test';
import { merchantPriceMinor, merchantProduct } from './demo-products.ts';
import { fixtureMerchantPort } from './ports.ts';

export const fixtureMerchantDomain = `localhost:${fixtureMerchantPort}`;
export const fixtureMerchantOrigin = `http://${fixtureMerchantDomain}`;
export const merchantProductUrl = `${fixtureMerchantOrigin}/products/${merchantProduct.key}`;

/**
 * Tells a fixture merchant's shop (the first one unless `port` names another) which verification
 * token and publishable key to serve.
 */
export async function configureFixtureMerchant(
  request: APIRequestContext,
  config: { verificationToken?: string; publishableKey?: string },
  port = fixtureMerchantPort,
) {
  const answer = await request.post(`http://127.0.0.1:${port}/__config`, {
    data: config,
  });
  expect(answer.ok()).toBe(true);
}

/**
 * The merchant's product feed (Merchant Center TSV): the fixture product, cheaper than anywhere,
 * linked at `productUrl` (the first fixture shop's product page unless told otherwise).
 */
export function fixtureMerchantFeed(productUrl = merchantProductUrl): string {
  const price = `${(merchantPriceMinor / 100).toFixed(2)} USD`;
  return [
    'id\ttitle\tlink\tprice\tavailability\tbrand\tgtin\tcondition',
    [
      'CE-1',
      merchantProduct.title,
      productUrl,
      price,
      'in stock',
      merchantProduct.brand,
      merchantProduct.gtin,
      'new',
    ].join('\t'),
  ].join('\n');
}

/**
 * Through the API, as the signed-in merchant `merchant`: the fixture shop's domain added and
 * verified by its meta tag, a publishable key in its snippet, and its feed imported.
 */
export async function connectFixtureMerchant(merchant: APIRequestContext, shop: APIRequestContext) {
  const added = await merchant.post('/api/business/domains', {
    data: { domain: fixtureMerchantDomain },
  });
  expect(added.status(), await added.text()).toBe(201);
  const { domain } = (await added.json()) as { domain: { id: string; verificationToken: string } };
  await configureFixtureMerchant(shop, { verificationToken: domain.verificationToken });
  const verified = await merchant.post(`/api/business/domains/${domain.id}/verify`);
  expect(verified.ok(), await verified.text()).toBe(true);

  const key = await merchant.post('/api/business/keys', { data: { kind: 'publishable' } });
  expect(key.status(), await key.text()).toBe(201);
  const { secret } = (await key.json()) as { secret: string };
  await configureFixtureMerchant(shop, { publishableKey: secret });

  const upload = await merchant.post('/api/business/catalog/feeds', {
    multipart: {
      feed: {
        name: 'feed.tsv',
        mimeType: 'text/tab-separated-values',
        buffer: Buffer.from(fixtureMerchantFeed()),
      },
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
