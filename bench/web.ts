/**
 * How fast ipick's pages are on a slow phone: builds the web app, starts ipick on a fresh
 * embedded database with the demo catalog (as `npm start` does), and loads Home, a results
 * page, Browse and the merchant dashboard's Analytics page in Chromium with a throttled phone
 * profile set through the DevTools protocol:
 *
 *   - network: DevTools' "Slow 4G" preset (562.5 ms round trip, 1.44 Mbit/s down, 675 kbit/s up);
 *   - CPU: 4× slower (Emulation.setCPUThrottlingRate);
 *   - a 412 × 823 phone screen; a new browser context per load, so the cache is cold.
 *
 * For each page it prints the median of --runs loads:
 *
 *   - first-load bytes: every response of the load, decoded ("raw") and as sent ("wire",
 *     headers included), and the JavaScript alone;
 *   - ready: when the page's useful content is on screen (the comparison's offers, the
 *     categories, the dashboard's chart; Home's heading), from the start of navigation;
 *   - LCP: the largest contentful paint;
 *   - TBT: total blocking time, the parts of main-thread tasks over 50 ms after the first paint;
 *   - repeat: what a second visit in the same context fetched from the network (it should be
 *     only the page itself, index.html, and API calls: every asset comes from the cache).
 *
 *   npm run bench:web -- [--runs 3] [--no-build] [--origin http://127.0.0.1:3000]
 *
 * The build goes to a temporary folder (served through IPICK_WEB_ROOT), not apps/web/dist;
 * --no-build serves apps/web/dist as it is. --origin measures an ipick already running there
 * (with the demo data) instead of building and starting one.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type BrowserContext, type CDPSession } from '@playwright/test';
import { generateDemoCatalog } from '../apps/server/src/modules/demo/catalog-generator.ts';
import serverNodeFlags from '../scripts/server-node-flags.json' with { type: 'json' };

const repoRoot = new URL('..', import.meta.url).pathname;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** DevTools' "Slow 4G" preset (the former "Fast 3G"), in bytes per second and milliseconds. */
const SLOW_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.6 * 1000 * 1000 * 0.9) / 8,
  uploadThroughput: (750 * 1000 * 0.9) / 8,
  connectionType: 'cellular4g',
} as const;
const CPU_SLOWDOWN = 4;
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true };

const MERCHANT = {
  email: 'merchant@demo.ipick.local',
  password: 'demo-merchant-1',
  domain: 'demo-electronics.ipick.local',
};

interface PageCase {
  name: string;
  path: string;
  /** A CSS selector that matches once the page shows what the visitor came for. */
  ready: string;
  /** Merchant pages need a business session first. */
  asMerchant?: boolean;
}

interface Load {
  requests: number;
  rawBytes: number;
  wireBytes: number;
  jsRawBytes: number;
  jsWireBytes: number;
  readyMs: number;
  lcpMs: number;
  tbtMs: number;
  /** Paths fetched from the network on a second visit (not from the cache). */
  repeatFetched: string[];
}

function parseOptions() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      'no-build': { type: 'boolean', default: false },
      origin: { type: 'string' },
    },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a whole number ≥ 1');
  return { runs, build: !values['no-build'], origin: values.origin };
}

function buildWebApp(outDir: string): void {
  const steps: [string, string[], string][] = [
    ['npm', ['run', 'build', '--silent', '--workspace', '@ipick/tracker'], '.'],
    [
      'npx',
      ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
      'apps/web',
    ],
    // The landing page and the pages' shell, rendered into the build (as `npm run build` does).
    ['node', ['--import', 'tsx', 'scripts/prerender-web.ts', outDir], '.'],
  ];
  for (const [command, args, cwd] of steps) {
    const result = spawnSync(command, args, { cwd: join(repoRoot, cwd), stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function startIpick(
  webRoot: string,
  dataDir: string,
): Promise<{
  origin: string;
  server: ChildProcess;
}> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(
    process.execPath,
    [...serverNodeFlags, '--import', 'tsx', 'apps/server/src/main.ts', 'start'],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: origin,
        IPICK_DATA_DIR: dataDir,
        IPICK_WEB_ROOT: webRoot,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
      },
    },
  );
  // The first start migrates and loads the demo catalog: up to a few minutes on a busy machine.
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`ipick exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return { origin, server };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  server.kill('SIGTERM');
  throw new Error('ipick did not start within 5 minutes');
}

/** A demo product sold by three retailers or more: its first offer's link is what a shopper pastes. */
function demoProductLink(): string {
  // `npm start` loads the demo catalog with seed 1 and 3,000 products.
  for (const product of generateDemoCatalog({ seed: 1, products: 3000 })) {
    const retailers = new Set(product.offers.map((entry) => entry.retailer));
    if (retailers.size >= 3 && product.offers.every((entry) => entry.offer.priceMinor !== null)) {
      return product.offers[0]!.offer.url;
    }
  }
  throw new Error('The demo catalog has no product sold by three retailers');
}

/**
 * Runs in the page before its own scripts: records paints, long tasks and the moment the
 * ready selector first matches, in `window.__bench`. Plain JavaScript in a string: tsx would
 * add helpers to a function's source that do not exist in the page.
 */
function observerScript(readySelector: string): string {
  return `
    const bench = { lcp: 0, fcp: 0, ready: 0, longTasks: [] };
    window.__bench = bench;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) bench.lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.name === 'first-contentful-paint') bench.fcp = entry.startTime;
      }
    }).observe({ type: 'paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
      }
    }).observe({ type: 'longtask', buffered: true });
    const observer = new MutationObserver(() => {
      if (bench.ready === 0 && document.querySelector(${JSON.stringify(readySelector)})) {
        observer.disconnect();
        // The frame that shows it: the next paint after the change.
        requestAnimationFrame(() => (bench.ready = performance.now()));
      }
    });
    observer.observe(document, { childList: true, subtree: true, attributes: true });
  `;
}

/** What observerScript records in the page; times in ms from the start of navigation. */
interface BenchFigures {
  lcp: number;
  fcp: number;
  ready: number;
  longTasks: { start: number; duration: number }[];
}

interface BenchWindow {
  __bench: BenchFigures;
}

interface ResponseSeen {
  url: string;
  mimeType: string;
  fromCache: boolean;
  rawBytes: number;
  wireBytes: number;
}

/** Collects every response of the page's loads through the DevTools protocol. */
function recordResponses(cdp: CDPSession): Map<string, ResponseSeen> {
  const responses = new Map<string, ResponseSeen>();
  // Chromium says a request is served from its cache before it reports the response.
  const servedFromCache = new Set<string>();
  cdp.on('Network.requestServedFromCache', (event) => servedFromCache.add(event.requestId));
  cdp.on('Network.responseReceived', (event) => {
    responses.set(event.requestId, {
      url: event.response.url,
      mimeType: event.response.mimeType,
      fromCache:
        servedFromCache.has(event.requestId) ||
        Boolean(event.response.fromDiskCache || event.response.fromPrefetchCache),
      rawBytes: 0,
      wireBytes: 0,
    });
  });
  cdp.on('Network.dataReceived', (event) => {
    const seen = responses.get(event.requestId);
    if (seen) seen.rawBytes += event.dataLength;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const seen = responses.get(event.requestId);
    if (seen) seen.wireBytes = event.encodedDataLength;
  });
  return responses;
}

/**
 * A few shoppers' clicks to the demo merchant's shop, so its analytics page draws charts
 * instead of its empty state. They come as a phone's browser following a link would.
 */
async function sendShoppersToMerchant(origin: string): Promise<void> {
  for (let index = 1; index <= 5; index++) {
    const target = `https://${MERCHANT.domain}/products/bench-${index}`;
    const answer = await fetch(`${origin}/api/redirect?to=${encodeURIComponent(target)}`, {
      redirect: 'manual',
      headers: {
        accept: 'text/html',
        'sec-fetch-dest': 'document',
        'user-agent':
          'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      },
    });
    if (answer.status !== 302) throw new Error(`a click answered ${answer.status}`);
  }
}

/**
 * Fails at once, with the server's reason, when the results page's comparison does not work:
 * that page then shows its error instead of offers, and the bench would wait for its ready
 * selector until the timeout (it did, while the matcher's feature set and its weights were out
 * of step in a working copy: every comparison answered 500).
 */
async function checkComparisonWorks(origin: string, productLink: string): Promise<void> {
  const answer = await fetch(`${origin}/api/compare`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ url: productLink }),
  });
  if (!answer.ok) {
    throw new Error(
      `the results page cannot show offers: POST /api/compare answered ${answer.status}: ${await answer.text()}`,
    );
  }
}

async function signInAsMerchant(context: BrowserContext, origin: string): Promise<void> {
  const answer = await context.request.post(`${origin}/api/business/auth/login`, {
    data: MERCHANT,
    headers: { origin },
  });
  if (!answer.ok()) throw new Error(`merchant sign-in failed: ${answer.status()}`);
}

async function loadOnce(browser: Browser, origin: string, page: PageCase): Promise<Load> {
  const context = await browser.newContext({ ...PHONE, baseURL: origin });
  try {
    if (page.asMerchant) await signInAsMerchant(context, origin);
    const tab = await context.newPage();
    await tab.addInitScript(observerScript(page.ready));
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const responses = recordResponses(cdp);

    await tab.goto(page.path, { waitUntil: 'commit' });
    // Arrow functions (no name for tsx to wrap) that only read what observerScript recorded.
    await tab.waitForFunction(
      () => (globalThis as unknown as BenchWindow).__bench.ready > 0,
      null,
      {
        timeout: 90_000,
        polling: 250,
      },
    );
    // Let late requests (chunks preloaded for later, API calls) finish before counting bytes.
    await tab.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => {});
    const figures = await tab.evaluate(() => (globalThis as unknown as BenchWindow).__bench);
    const first = [...responses.values()];

    // A repeat visit: what does not come from the cache? Unthrottled, only requests count.
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    responses.clear();
    await tab.goto(page.path, { waitUntil: 'networkidle' });
    const repeatFetched = [...responses.values()]
      .filter((seen) => !seen.fromCache)
      .map((seen) => (seen.mimeType === 'text/html' ? 'the page' : new URL(seen.url).pathname));

    const isJs = (seen: ResponseSeen) => seen.mimeType.includes('javascript');
    const sum = (list: ResponseSeen[], pick: (seen: ResponseSeen) => number) =>
      list.reduce((total, seen) => total + pick(seen), 0);
    const longTasks = figures.longTasks;
    return {
      requests: first.length,
      rawBytes: sum(first, (seen) => seen.rawBytes),
      wireBytes: sum(first, (seen) => seen.wireBytes),
      jsRawBytes: sum(first.filter(isJs), (seen) => seen.rawBytes),
      jsWireBytes: sum(first.filter(isJs), (seen) => seen.wireBytes),
      readyMs: figures.ready,
      lcpMs: figures.lcp,
      // Blocking time after the first paint, as Lighthouse counts it (up to the end of the load).
      tbtMs: longTasks
        .filter((task) => task.start + task.duration > figures.fcp)
        .reduce((total, task) => total + Math.max(0, task.duration - 50), 0),
      repeatFetched,
    };
  } finally {
    await context.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function printTable(rows: { page: PageCase; loads: Load[] }[], runs: number): void {
  const header = [
    'page',
    'requests',
    'JS raw',
    'JS wire',
    'all raw',
    'all wire',
    'ready',
    'LCP',
    'TBT',
    'repeat visit fetches',
  ];
  const lines = rows.map(({ page, loads }) => {
    const m = (pick: (load: Load) => number) => median(loads.map(pick));
    const repeat = loads.at(-1)!.repeatFetched;
    return [
      `${page.name} (${page.path.length > 40 ? `${page.path.slice(0, 37)}…` : page.path})`,
      String(m((load) => load.requests)),
      kb(m((load) => load.jsRawBytes)),
      kb(m((load) => load.jsWireBytes)),
      kb(m((load) => load.rawBytes)),
      kb(m((load) => load.wireBytes)),
      seconds(m((load) => load.readyMs)),
      seconds(m((load) => load.lcpMs)),
      `${m((load) => load.tbtMs).toFixed(0)} ms`,
      repeat.join(', '),
    ];
  });
  console.log(
    `\nSlow 4G, ${CPU_SLOWDOWN}× CPU slowdown, cold cache; median of ${runs} load(s) per page.\n`,
  );
  console.log(`| ${header.join(' | ')} |`);
  console.log(`| ${header.map(() => '---').join(' | ')} |`);
  for (const line of lines) console.log(`| ${line.join(' | ')} |`);
}

async function main(): Promise<void> {
  const options = parseOptions();
  const scratch = mkdtempSync(join(tmpdir(), 'ipick-bench-web-'));
  const webRoot = join(scratch, 'web');
  const dataDir = join(scratch, 'data');
  let server: ChildProcess | undefined;
  let browser: Browser | undefined;
  try {
    let origin = options.origin;
    if (!origin) {
      if (options.build) {
        console.log('Building the web app...');
        buildWebApp(webRoot);
      }
      console.log('Starting ipick on a fresh embedded database with the demo catalog...');
      const started = await startIpick(
        options.build ? webRoot : join(repoRoot, 'apps/web/dist'),
        dataDir,
      );
      server = started.server;
      origin = started.origin;
    }
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });

    const productLink = demoProductLink();
    const pages: PageCase[] = [
      { name: 'Home', path: '/', ready: 'h1' },
      {
        name: 'Results',
        // A pasted product link as an address: ipick stores it and opens its results page.
        path: `/${productLink}`,
        // An offer of the comparison: a list item linking out through ipick's redirect.
        ready: 'main li a[href^="/api/redirect"]',
      },
      { name: 'Browse', path: '/browse', ready: 'ul[aria-label="Categories"] li' },
      {
        name: 'Merchant analytics',
        path: '/business/dashboard/checkout/analytics',
        ready: '.recharts-surface',
        asMerchant: true,
      },
    ];
    await sendShoppersToMerchant(origin);
    await checkComparisonWorks(origin, productLink);
    const rows: { page: PageCase; loads: Load[] }[] = [];
    for (const page of pages) {
      const loads: Load[] = [];
      for (let run = 0; run < options.runs; run++) {
        loads.push(await loadOnce(browser, origin, page));
        process.stdout.write('.');
      }
      rows.push({ page, loads });
    }
    printTable(rows, options.runs);
  } finally {
    await browser?.close();
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
