/**
 * A merchant's own shop for the browser tests, on `localhost:<port>`: its home page carries the
 * site-verification meta tag and every page ipick's snippet, with the token and publishable key
 * the test sets up through `POST /__config`. The product page has a "Buy now" button that reports
 * a purchase through the snippet, as a real shop's checkout would.
 *
 *   node --import tsx e2e/support/fixture-merchant.ts <port> <ipick origin>
 */
import { createServer } from 'node:http';
import { formatMoney } from '@ipick/core';
import { merchantPriceMinor, merchantProduct } from './demo-products.ts';

const port = Number(process.argv[2]);
const ipickOrigin = process.argv[3];
if (!port || !ipickOrigin) throw new Error('usage: fixture-merchant.ts <port> <ipick origin>');
const domain = `localhost:${port}`;

const config = { verificationToken: '', publishableKey: '' };

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function snippet(): string {
  if (!config.publishableKey) return '';
  return `<script>window.ipick=window.ipick||function(){(ipick.q=ipick.q||[]).push(arguments);};</script>
<script defer src="${ipickOrigin}/tracker.js" data-key="${escape(config.publishableKey)}" data-domain="${domain}"></script>`;
}

function page(title: string, head: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
${head}${snippet()}</head><body>${body}</body></html>`;
}

function homePage(): string {
  const meta = config.verificationToken
    ? `<meta name="ipick-site-verification" content="${escape(config.verificationToken)}">`
    : '';
  return page('Corner Electronics', meta, '<h1>Corner Electronics</h1>');
}

function productPage(): string {
  const product = merchantProduct;
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    offers: {
      '@type': 'Offer',
      price: (merchantPriceMinor / 100).toFixed(2),
      priceCurrency: 'USD',
    },
  };
  const checkout = `<script>
document.getElementById('buy').addEventListener('click', function () {
  var orderId = 'order-' + Date.now();
  ipick('track', 'purchase', { orderId: orderId, amountMinor: ${merchantPriceMinor}, currency: 'USD' });
  document.getElementById('done').textContent = 'Thank you for your order ' + orderId;
});
</script>`;
  return page(
    `${product.title} | Corner Electronics`,
    `<script type="application/ld+json">${JSON.stringify(data)}</script>`,
    `<h1>${escape(product.title)}</h1><p>${formatMoney(merchantPriceMinor, 'USD')}</p>
<button id="buy" type="button">Buy now</button><p id="done" role="status"></p>${checkout}`,
  );
}

const server = createServer((request, response) => {
  const path = new URL(request.url ?? '/', 'http://fixture.invalid').pathname;
  const html = (body: string) =>
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  if (path === '/health') {
    response.end('ok');
  } else if (path === '/__config' && request.method === 'POST') {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      Object.assign(config, JSON.parse(body) as Partial<typeof config>);
      response.end('ok');
    });
  } else if (path === '/') {
    html(homePage());
  } else if (path === `/products/${merchantProduct.key}`) {
    html(productPage());
  } else {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  }
});
// Every address of the machine: ipick fetches `localhost`, which may resolve to ::1 or 127.0.0.1.
server.listen(port);
