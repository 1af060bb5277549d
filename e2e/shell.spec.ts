import { expect, test, type Page } from '@playwright/test';
import { routeSamples } from '../apps/web/src/app/route-paths.ts';

const uuidV4 = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';

/** Collects console errors and uncaught page errors, which every test here forbids. */
function watchForErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    // The results page asks the server for the comparison, which may answer 4xx for a link it
    // cannot compare (the page then shows the message); Chromium logs that response itself.
    const isUnknownComparison = /\/api\/compare(\/[0-9a-f-]{36})?$/.test(message.location().url);
    if (message.type() === 'error' && !isUnknownComparison) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function readStoredRequest(page: Page, requestId: string) {
  return page.evaluate((id) => sessionStorage.getItem(`ipick:product-request:${id}`), requestId);
}

function requestIdFrom(url: string): string {
  const match = new RegExp(`/new-search/(${uuidV4})/`).exec(new URL(url).pathname);
  expect(match, `a request id in ${url}`).not.toBeNull();
  return match![1]!;
}

test.describe('a new visitor', () => {
  test('pastes a product link on the landing page and lands on the results page', async ({
    page,
  }) => {
    const errors = watchForErrors(page);
    await page.goto('/');
    const productLink = 'https://www.amazon.com/Echo-Dot-5th-Gen/dp/B09B8V1LZ3?th=1';
    await page.getByLabel('Product link').fill(productLink);
    await page.getByRole('button', { name: 'Compare prices' }).click();

    await expect(page).toHaveURL(new RegExp(`/new-search/${uuidV4}/amazon-com-b09b8v1lz3$`));
    const requestId = requestIdFrom(page.url());
    const stored = JSON.parse((await readStoredRequest(page, requestId)) ?? 'null') as {
      url: string;
      timestamp: number;
    } | null;
    expect(stored?.url).toBe(productLink);
    expect(Math.abs(Date.now() - (stored?.timestamp ?? 0))).toBeLessThan(60_000);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('opens a product link placed in the path and is redirected, query string kept', async ({
    page,
  }) => {
    const errors = watchForErrors(page);
    await page.goto('/https://www.walmart.com/ip/Some-Thing/123?x=1');
    await expect(page).toHaveURL(new RegExp(`/new-search/${uuidV4}/walmart-com-123$`));
    const requestId = requestIdFrom(page.url());
    const stored = JSON.parse((await readStoredRequest(page, requestId)) ?? '{}') as {
      url?: string;
    };
    expect(stored.url).toBe('https://www.walmart.com/ip/Some-Thing/123?x=1');
    // The redirect replaced the detector's address (spec §2): the tab's history holds only
    // its first blank page and the results page.
    expect(await page.evaluate(() => history.length)).toBe(2);
    expect(errors).toEqual([]);
  });

  test('opens a product link placed in the path without https:// (the /{host} form)', async ({
    page,
  }) => {
    const errors = watchForErrors(page);
    await page.goto('/www.apple.com/shop/product/MWDJ0LL/A/airpods-max-lightning-starlight?x=1');
    await expect(page).toHaveURL(
      new RegExp(`/new-search/${uuidV4}/apple-com-airpods-max-lightning-starlight$`),
    );
    const stored = JSON.parse(
      (await readStoredRequest(page, requestIdFrom(page.url()))) ?? '{}',
    ) as { url?: string };
    expect(stored.url).toBe(
      'https://www.apple.com/shop/product/MWDJ0LL/A/airpods-max-lightning-starlight?x=1',
    );
    expect(errors).toEqual([]);
  });

  test('opens a too-long link in the path and is told it is too long', async ({ page }) => {
    const errors = watchForErrors(page);
    await page.goto(`/https://www.example.com/p/${'a'.repeat(2100)}`);
    await expect(page).toHaveURL(/\/\?error=invalid-url&reason=too-long$/);
    await expect(page.getByRole('alert')).toContainText('That link is too long.');
    await expect(page.getByRole('alert')).toContainText('2,048 characters');
    expect(errors).toEqual([]);
  });

  test('opens an invalid link in the path and sees a clear message on the landing page', async ({
    page,
  }) => {
    const errors = watchForErrors(page);
    await page.goto('/https://%%%garbage%%%');
    await expect(page).toHaveURL(/\/\?error=invalid-url$/);
    await expect(page.getByRole('alert')).toContainText(/valid product/i);
    expect(errors).toEqual([]);
  });

  for (const sample of routeSamples) {
    test(`sees ${sample.pattern} render without console errors`, async ({ page }) => {
      const errors = watchForErrors(page);
      await page.goto(sample.path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(sample.heading);
      if (sample.redirectsTo) {
        await expect(page).toHaveURL(
          (url) => `${url.pathname}${url.search}` === sample.redirectsTo,
        );
      }
      await expect(page.getByRole('navigation').first()).toBeVisible();
      expect(errors).toEqual([]);
    });
  }

  test('sees the not-found page on an unknown address', async ({ page }) => {
    const errors = watchForErrors(page);
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/not found/i);
    await expect(page.getByRole('link', { name: /home/i }).first()).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test('a page that fails to load shows the error screen with working details', async ({ page }) => {
  // A real failure mode: the page's code chunk cannot be fetched (e.g. after a deploy).
  await page.goto('/');
  await page.route(/\/assets\/browse-[^/]*\.js$/, (route) =>
    route.fulfill({ status: 500, body: 'gone' }),
  );
  await page.getByRole('link', { name: 'Browse' }).first().click();

  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(
    page.getByText("We're having trouble loading this page. Please try refreshing."),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refresh Page' })).toBeVisible();

  const toggle = page.getByRole('button', { name: /error details/i });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(
    page.getByText(/dynamically imported module|Importing a module script failed/i),
  ).toBeVisible();
});
