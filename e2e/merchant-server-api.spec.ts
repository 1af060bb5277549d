import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { demoAccounts, desktopChrome } from './support/browsing.ts';

// The Integrate page's server examples, run exactly as a merchant copies them, with the secret
// key the page made: each must report its sale to ipick, not fail on a placeholder or a name
// the example never defines.
test.use(desktopChrome);

const run = promisify(execFile);

async function registerMerchant(page: Page): Promise<void> {
  const stamp = Date.now();
  await page.goto('/business/register');
  const main = page.getByRole('main');
  await main.getByLabel('Business name').fill('Server Shop');
  await main.getByLabel('Shop domain').fill(`server-shop-${stamp}.example`);
  await main.getByLabel('Email').fill(`owner-${stamp}@server-shop.example`);
  await main.getByLabel('Password').fill('server shop password 1');
  await main.getByRole('button', { name: 'Register business' }).click();
  await expect(page).toHaveURL(/\/business\/dashboard/, { timeout: 15_000 });
}

/** The parts of the page's curl command: its address, headers and JSON body. */
function parseCurl(command: string): { url: string; headers: Headers; body: string } {
  const url = /curl -X POST (\S+)/.exec(command)?.[1];
  const headers = new Headers();
  for (const [, name, value] of command.matchAll(/-H '([^:]+): ([^']*)'/g)) {
    headers.set(name!, value!);
  }
  const body = /-d '([^']*)'/.exec(command)?.[1];
  if (!url || !body) throw new Error(`not a curl POST with a body: ${command}`);
  return { url, headers, body };
}

/** An admin approves the business `page` is signed in to: only then may it make live keys. */
async function approveBusiness(page: Page, baseURL: string | undefined): Promise<void> {
  const me = await page.request.get('/api/business/auth/me');
  const { business } = (await me.json()) as { business: { id: string } };
  const admin = await playwrightRequest.newContext({ baseURL, ...desktopChrome });
  try {
    const signedIn = await admin.post('/api/admin/auth/login', { data: demoAccounts.admin });
    expect(signedIn.ok(), await signedIn.text()).toBe(true);
    const approved = await admin.post(`/api/admin/businesses/${business.id}/approve`);
    expect(approved.ok(), await approved.text()).toBe(true);
  } finally {
    await admin.dispose();
  }
}

test('the server API examples on Integrate report a sale when run as shown', async ({
  page,
  baseURL,
}) => {
  await registerMerchant(page);
  await page.goto('/business/dashboard/checkout/integrate');
  const serverApi = page.getByRole('region', { name: 'Server API' });
  await test.step('a business not yet approved is told why it cannot make a key', async () => {
    await expect(serverApi).toContainText(
      'ipick has not approved your business yet; you can create API keys once it has.',
    );
    await expect(serverApi.getByRole('button', { name: 'Create secret key' })).toHaveCount(0);
  });

  await approveBusiness(page, baseURL);
  await page.reload();
  await serverApi.getByRole('button', { name: 'Create secret key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your new secret key' });
  const secret = ((await dialog.getByLabel('New key').textContent()) ?? '').trim();
  expect(secret).toMatch(/^sk_live_/);
  await dialog.getByRole('button', { name: 'Done' }).click();

  await test.step('the curl example records the sale', async () => {
    const command = (await serverApi.getByLabel('curl example').textContent()) ?? '';
    expect(command).toContain(`Bearer ${secret}`);
    const { url, headers, body } = parseCurl(command);
    const response = await fetch(url, { method: 'POST', headers, body });
    expect(response.status, await response.clone().text()).toBe(201);
    const answer = (await response.json()) as { conversion: { kind: string; orderId: string } };
    expect(answer.conversion).toMatchObject({ kind: 'sale', orderId: 'ORDER-1234' });
  });

  await test.step('the Node example runs in a file of its own and reaches ipick', async () => {
    const code = (await serverApi.getByLabel('Node fetch example').textContent()) ?? '';
    expect(code).toContain(secret);
    const folder = await mkdtemp(join(tmpdir(), 'ipick-node-example-'));
    try {
      // A plain .js file: CommonJS, as in a shop's server without "type": "module".
      const file = join(folder, 'report-sale.js');
      await writeFile(file, code);
      const { stdout } = await run(process.execPath, [file], {
        cwd: folder,
        timeout: 15_000,
        // Only the key the page filled in, not one from the test runner's environment.
        env: { PATH: process.env.PATH },
      });
      // The curl example recorded this order a moment ago, with the same amount.
      expect(stdout.trim()).toBe('ipick had this sale already');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

test('“See the server API” on /business/integrate opens Integrate at the server API', async ({
  page,
}) => {
  await registerMerchant(page);
  await page.goto('/business/integrate');
  await page.getByRole('link', { name: 'See the server API' }).click();
  await expect(page).toHaveURL(/\/business\/dashboard\/checkout\/integrate#server-api$/);
  const serverApi = page.getByRole('region', { name: 'Server API' });
  // The sections above it fill in as their data arrives; it stays in view.
  await expect(serverApi.getByLabel('curl example')).toBeVisible({ timeout: 15_000 });
  await expect(
    page.getByRole('region', { name: 'The snippet' }).getByLabel('Snippet to paste'),
  ).toBeAttached();
  await expect(serverApi.getByRole('heading', { name: 'Server API' })).toBeInViewport();
});
