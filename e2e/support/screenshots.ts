import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';

/** The widths every page is captured at (spec §2: responsive, phone to desktop). */
export const screenshotViewports = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Where the screenshots go: test-results/screenshots at the top of the repository. */
export function screenshotDirectory(): string {
  const directory = join(test.info().config.rootDir, '..', 'test-results', 'screenshots');
  mkdirSync(directory, { recursive: true });
  return directory;
}

/** Waits until the page shows no skeleton and no "Loading…" message. */
export async function waitForSettledPage(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.animate-pulse')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByText(/^Loading/)).toHaveCount(0, { timeout: 20_000 });
}

export interface ScreenshotTarget {
  /** The file name's start, e.g. "dashboard-home". */
  name: string;
  path: string;
  /** Something only the loaded page with its data shows. */
  ready: (page: Page) => Locator;
  /** How long its charts take to draw in, in milliseconds (their animation runs in script). */
  settleMs?: number;
}

/** Opens each page at each width, waits for its data and saves a full-page screenshot. */
export async function captureScreens(page: Page, targets: readonly ScreenshotTarget[]) {
  const directory = screenshotDirectory();
  for (const viewport of screenshotViewports) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    for (const target of targets) {
      await test.step(`${target.name} at ${viewport.name} width`, async () => {
        await page.goto(target.path);
        await expect(target.ready(page).first()).toBeVisible({ timeout: 30_000 });
        await waitForSettledPage(page);
        // Toasts and charts animate in; let them finish.
        await page.waitForTimeout(target.settleMs ?? 700);
        await page.screenshot({
          path: join(directory, `${target.name}-${viewport.name}.png`),
          fullPage: true,
          animations: 'disabled',
        });
      });
    }
  }
}
