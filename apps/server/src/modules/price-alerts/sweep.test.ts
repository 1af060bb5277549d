import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { priceAlertsResponseSchema, type PriceAlert } from '@ipick/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSession } from '../../../test/browser-session.ts';
import { startSmtpInbox, type SmtpInbox } from '../../../test/smtp-inbox.ts';
import { buildTestApp } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { createSafeFetcher, type SafeFetcher } from '../../platform/fetcher/safe-fetcher.ts';
import { runImportFeedCommand } from '../catalog/feeds/import-feed-command.ts';

// Issue 19: an import run from the command line (another process, so no check follows it in the
// server) still fires the alerts it brings under their mark, through the periodic sweep, and
// only once per drop however many sweeps pass.

type Browser = ReturnType<typeof browserSession>;

const SHOP = 'kettles-cli.example.com';
const SWEEP_MS = 100;

let testDb: TestDatabase;
let app: FastifyInstance;
let inbox: SmtpInbox;
let fetcher: SafeFetcher;
let feedDir: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  inbox = await startSmtpInbox();
  app = await buildTestApp(testDb, { smtpUrl: inbox.url }, { priceAlertSweepMs: SWEEP_MS });
  fetcher = createSafeFetcher({ allowPrivate: false });
  feedDir = mkdtempSync(join(tmpdir(), 'ipick-sweep-'));
});
afterAll(async () => {
  await app?.close();
  await inbox?.close();
  await fetcher?.close();
  await testDb?.dispose();
  if (feedDir) rmSync(feedDir, { recursive: true, force: true });
});

let feeds = 0;

/** `npm run import-feed -- --retailer <SHOP> <file>`, as an operator runs it beside the server. */
async function importFromCommandLine(dollars: string): Promise<void> {
  const path = join(feedDir, `feed-${++feeds}.csv`);
  writeFileSync(
    path,
    [
      'id,title,link,price,availability,brand',
      `KET-9,"Breville Smart Kettle Luxe",https://${SHOP}/products/KET-9,${dollars} USD,in stock,Breville`,
    ].join('\n'),
  );
  const report = await runImportFeedCommand({
    db: testDb.database.db,
    retailer: SHOP,
    path,
    fetcher,
    isFullFeed: false,
    showProgress: false,
  });
  expect(report.status).toBe('completed');
}

async function alertsOf(browser: Browser): Promise<PriceAlert[]> {
  const response = await browser.get('/api/price-alerts');
  expect(response.statusCode).toBe(200);
  return priceAlertsResponseSchema.parse(response.json()).items;
}

/** Asks again until `check` holds; each sweep is a tenth of a second apart. */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`never happened: ${what}`);
}

describe('the periodic sweep of price alerts', () => {
  it('fires an alert a command-line import brought under the mark, once per drop', async () => {
    await importFromCommandLine('149.95');
    const offer = await testDb.database.db
      .selectFrom('offers')
      .select('id')
      .where('url', '=', `https://${SHOP}/products/KET-9`)
      .executeTakeFirstOrThrow();

    const browser = browserSession(app);
    const email = `sweep${Date.now()}@example.com`;
    const registered = await browser.post('/api/auth/register', {
      email,
      password: 'a good long password',
    });
    expect(registered.statusCode).toBe(200);
    expect((await inbox.waitForMail(email)).subject).toContain('Confirm your email');
    const made = await browser.post('/api/price-alerts', { offerId: offer.id, targetMinor: 12000 });
    expect(made.statusCode).toBe(201);

    // The import tells the server nothing; the next sweep finds the drop and sends one email.
    await importFromCommandLine('110.00');
    const first = await inbox.waitForMail(email);
    expect(first.subject).toContain('is now $110.00 at');

    // Lower still while under the mark: later sweeps send nothing more...
    await importFromCommandLine('105.00');
    // ...and back above the mark, a sweep re-arms the alert (so sweeps ran after each import).
    await importFromCommandLine('125.00');
    await eventually(async () => (await alertsOf(browser))[0]!.isArmed, 'the alert re-armed');
    expect((await alertsOf(browser))[0]).toMatchObject({
      fireCount: 1,
      lastFiredTotalMinor: 11000,
    });

    // The next drop is a new one: its own email.
    await importFromCommandLine('99.00');
    const second = await inbox.waitForMail(email);
    expect(second.subject).toContain('is now $99.00');
    const drops = inbox.messages.filter(
      (message) => message.to === email && message.subject.startsWith('Price drop'),
    );
    expect(drops.map((message) => message.subject)).toEqual([first.subject, second.subject]);
    expect((await alertsOf(browser))[0]).toMatchObject({ fireCount: 2, lastFiredTotalMinor: 9900 });
  });
});
