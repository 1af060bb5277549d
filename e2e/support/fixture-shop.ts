/**
 * A local web shop for the browser tests, standing in for a retailer ipick has no catalog of:
 * it serves schema.org product pages that ipick reads when a shopper pastes their links.
 *
 *   node --import tsx e2e/support/fixture-shop.ts <port>
 */
import { createServer } from 'node:http';
import { formatMoney } from '@ipick/core';
import {
  fixtureShopPriceMinor,
  fixtureShopProduct,
  shippingCasePastedPriceMinor,
  shippingCaseProduct,
} from './demo-products.ts';
import type { DemoProduct } from '../../apps/server/src/modules/demo/catalog-generator.ts';

const port = Number(process.argv[2]);
if (!port) throw new Error('usage: fixture-shop.ts <port>');

/** A schema.org product page for `product` at `priceMinor` (shipping not stated). */
function productPage(product: DemoProduct, priceMinor: number): string {
  const price = (priceMinor / 100).toFixed(2);
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    brand: { '@type': 'Brand', name: product.brand },
    gtin14: product.gtin,
    // Over plain http, as some shops still serve their pictures.
    image: '/images/product.svg',
    offers: {
      '@type': 'Offer',
      price,
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
    },
  };
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>${product.title} | Corner Shop</title>
<script type="application/ld+json">${JSON.stringify(data)}</script></head>
<body><h1>${product.title}</h1><p>${formatMoney(priceMinor, 'USD')}</p></body></html>`;
}

const productPicture =
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120"><rect width="120" height="120" fill="#3b82f6"/></svg>';

const server = createServer((request, response) => {
  const path = new URL(request.url ?? '/', 'http://fixture.invalid').pathname;
  if (path === '/health') {
    response.end('ok');
  } else if (path === '/images/product.svg') {
    response.writeHead(200, { 'content-type': 'image/svg+xml' }).end(productPicture);
  } else if (path === `/products/${fixtureShopProduct.key}`) {
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(productPage(fixtureShopProduct, fixtureShopPriceMinor));
  } else if (path === `/products/${shippingCaseProduct.product.key}`) {
    // Issue 19's shipping case: the product $7.00 under Amazon's price plus shipping.
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(productPage(shippingCaseProduct.product, shippingCasePastedPriceMinor));
  } else {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  }
});
server.listen(port, '127.0.0.1');
