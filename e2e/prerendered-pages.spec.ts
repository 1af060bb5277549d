import { expect, test, type Page } from '@playwright/test';
import { catalogProduct } from './support/demo-products.ts';

/** Console errors (React reports a hydration mismatch there) and uncaught page errors. */
function watchForErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('the landing page arrives rendered and React takes it over without drawing it again', async ({
  page,
  request,
}) => {
  // What a browser gets before any script runs: the heading and the paste box.
  const html = await (await request.get('/', { headers: { accept: 'text/html' } })).text();
  expect(html).toContain('Compare prices before you buy</h1>');
  expect(html).toContain('data-prerendered="landing"');

  const errors = watchForErrors(page);
  // The heading the browser parsed from the HTML, kept before the scripts run: hydration
  // keeps that very element, a client render (after a mismatch) would replace it.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { parsedHeading: Element | null }).parsedHeading =
        document.querySelector('h1');
    });
  });
  await page.goto('/');
  // Hydrated: React has attached itself to the server's input (it keeps a fiber on the node).
  await page.waitForFunction(() => {
    const input = document.querySelector('input[name="product-link"]');
    return input !== null && Object.keys(input).some((key) => key.startsWith('__reactFiber'));
  });
  // The page works once hydrated: a pasted link opens its results page.
  await page.getByLabel('Product link').fill('https://www.amazon.com/dp/B09B8V1LZ3');
  const headingKept = await page.evaluate(
    () =>
      (window as unknown as { parsedHeading: Element | null }).parsedHeading ===
        document.querySelector('h1') && document.querySelector('h1') !== null,
  );
  expect(headingKept).toBe(true);
  // No hydration mismatch or other error on the landing page. Checked before leaving it: this
  // link is not in the demo catalog, so the results page's comparison may answer 404, which
  // Chromium logs as a failed resource.
  expect(errors).toEqual([]);
  await page.getByRole('button', { name: 'Compare prices' }).click();
  await expect(page).toHaveURL(/\/new-search\/[0-9a-f-]{36}\/amazon-com-b09b8v1lz3$/);
});

/** Whether React has taken over the element `selector` matches (it keeps a fiber on the node). */
function isHydrated(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((found) => {
    const element = document.querySelector(found);
    return element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber'));
  }, selector);
}

/** Keeps the first element `selector` matches as the browser parsed it from the HTML. */
async function keepParsedElement(page: Page, selector: string): Promise<void> {
  await page.addInitScript((found) => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { parsed: Element | null }).parsed = document.querySelector(found);
    });
  }, selector);
}

/** Whether the element kept by keepParsedElement is still the one `selector` matches. */
function isParsedElementKept(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((found) => {
    const parsed = (window as unknown as { parsed: Element | null }).parsed;
    return parsed !== null && parsed === document.querySelector(found);
  }, selector);
}

test('Browse arrives with its categories in the HTML and React takes them over without errors', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/browse', { headers: { accept: 'text/html' } })).text();
  expect(html).toContain('data-prerendered="page"');
  expect(html).toContain('aria-label="Main"');
  // The categories are drawn in the page, before any script runs, and their data rides along.
  expect(html).toMatch(/<ul aria-label="Categories"[^>]*><li>/);
  expect(html).toContain('<script type="application/json" id="ipick-page-data">');

  const categoryCalls: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === '/api/catalog/categories') categoryCalls.push(sent.url());
  });

  const errors = watchForErrors(page);
  const firstCategory = 'ul[aria-label="Categories"] li a';
  await keepParsedElement(page, firstCategory);
  await page.goto('/browse');
  await expect.poll(() => isHydrated(page, firstCategory)).toBe(true);
  expect(errors).toEqual([]);
  expect(await isParsedElementKept(page, firstCategory)).toBe(true);
  await expect(page.getByRole('status', { name: /loading/i })).toHaveCount(0);
  expect(categoryCalls).toEqual([]);
  // Hydrated, its links are the app's: a category opens in place.
  await page.locator(firstCategory).first().click();
  await expect(page).toHaveURL(/\/browse\/[^/]+$/);
  expect(errors).toEqual([]);
});

test('a product link in the address arrives as its results page, offers in the HTML, and React takes it over', async ({
  page,
  request,
}) => {
  const pasted = catalogProduct.offers[0]!.offer.url;
  const html = await (await request.get(`/${pasted}`, { headers: { accept: 'text/html' } })).text();
  expect(html).toContain('data-prerendered="page"');
  // The offers are in the page before any script runs, linking out through ipick's redirect.
  expect(html).toMatch(/<li[^>]*>(?:(?!<\/li>).)*href="\/api\/redirect\?offer=/s);

  const compareCalls: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname.startsWith('/api/compare')) compareCalls.push(sent.url());
  });
  const errors = watchForErrors(page);
  const firstOffer = 'main li a[href^="/api/redirect"]';
  await keepParsedElement(page, firstOffer);
  await page.goto(`/${pasted}`);
  // The address becomes the request's results page, as the direct-URL detector would make it.
  await expect(page).toHaveURL(/\/new-search\/[0-9a-f-]{36}\/[a-z0-9-]+$/);
  await expect.poll(() => isHydrated(page, firstOffer)).toBe(true);
  expect(await isParsedElementKept(page, firstOffer)).toBe(true);
  // Once hydrated the links carry the tab's session, as a page drawn in the browser does.
  await expect(page.locator(firstOffer).first()).toHaveAttribute(
    'href',
    /[?&]session_id=[0-9a-f-]{36}/,
  );
  for (const other of catalogProduct.offers.slice(1)) {
    await expect(page.getByText(other.offer.title, { exact: true }).first()).toBeVisible();
  }
  // Controls the server drew while the sign-in check was under way follow its answer: hydration
  // keeps the server's attributes, so a button still disabled here would stay so.
  await expect(page.getByRole('button', { name: /^Price alert/ }).first()).toBeEnabled();
  // The server's comparison is the page's: the browser does not ask for it again.
  expect(compareCalls).toEqual([]);
  expect(errors).toEqual([]);
  // A reload runs the stored request again, as before.
  await page.reload();
  await expect(page.locator(firstOffer).first()).toBeVisible({ timeout: 15_000 });
});

test('a link pasted before the page’s script has loaded is kept, and one sent then still opens its results', async ({
  page,
}) => {
  // Hold the scripts back, as a slow phone network does, while the shopper pastes.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  // Module scripts hold DOMContentLoaded back, so wait for the parsed box instead.
  await page.goto('/', { waitUntil: 'commit' });
  const box = page.getByLabel('Product link or name');
  await expect(box).toBeVisible();
  await box.fill('https://www.amazon.com/dp/B09B8V1LZ3');
  release();
  await page.waitForFunction(() => {
    const input = document.querySelector('input[name="product-link"]');
    return input !== null && Object.keys(input).some((key) => key.startsWith('__reactFiber'));
  });
  await expect(box).toHaveValue('https://www.amazon.com/dp/B09B8V1LZ3');
  await page.getByRole('button', { name: 'Compare prices' }).click();
  await expect(page).toHaveURL(/\/new-search\/[0-9a-f-]{36}\/amazon-com-b09b8v1lz3$/);

  // Sent before the script ran, the plain form goes to /?product-link=...; the page carries on.
  await page.goto('/?product-link=' + encodeURIComponent('https://www.amazon.com/dp/B09B8V1LZ3'));
  await expect(page).toHaveURL(/\/new-search\/[0-9a-f-]{36}\/amazon-com-b09b8v1lz3$/);
});
