/**
 * A local web shop for the browser tests, standing in for a retailer ipick has no catalog of:
 * it serves schema.org product pages that ipick reads when a shopper pastes their links.
 *
 *   node --import tsx e2e/support/fixture-shop.ts <port>
 */
import { createServer } from 'node:http';
import { formatMoney } from '@ipick/core';
import { fixtureShopPriceMinor, fixtureShopProduct } from './demo-products.ts';

const port = Number(process.argv[2]);
if (!port) throw new Error('usage: fixture-shop.ts <port>');

function productPage(): string {
  const product = fixtureShopProduct;
  const price = (fixtureShopPriceMinor / 100).toFixed(2);
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
<body><h1>${product.title}</h1><p>${formatMoney(fixtureShopPriceMinor, 'USD')}</p></body></html>`;
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
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(productPage());
  } else {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  }
});
server.listen(port, '127.0.0.1');
