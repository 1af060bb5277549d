import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import {
  appPort,
  fixtureMerchantPort,
  fixtureShopPort,
  mailCatcher,
  localOidcProviderPort,
  secondFixtureMerchantPort,
} from './support/ports.ts';
import { localOidcClient } from './support/local-oidc-client.ts';

const port = appPort;
// One fresh embedded database per run; the variable carries it from the runner to its workers.
process.env.IPICK_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'ipick-e2e-'));

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  timeout: 30_000,
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  reporter: [['list']],
  outputDir: '../test-results/e2e-artifacts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Chromium's own background traffic is refused on a closed network; keep it quiet.
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: `node --import tsx e2e/support/mail-catcher.ts ${mailCatcher.smtpPort} ${mailCatcher.httpPort}`,
      cwd: '..',
      url: `http://127.0.0.1:${mailCatcher.httpPort}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `node --import tsx e2e/support/fixture-shop.ts ${fixtureShopPort}`,
      cwd: '..',
      url: `http://127.0.0.1:${fixtureShopPort}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `node --import tsx e2e/support/fixture-merchant.ts ${fixtureMerchantPort} http://127.0.0.1:${port}`,
      cwd: '..',
      url: `http://127.0.0.1:${fixtureMerchantPort}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `node --import tsx e2e/support/fixture-merchant.ts ${secondFixtureMerchantPort} http://127.0.0.1:${port}`,
      cwd: '..',
      url: `http://127.0.0.1:${secondFixtureMerchantPort}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `node --import tsx e2e/support/local-oidc-provider.ts ${localOidcProviderPort} http://127.0.0.1:${port}`,
      cwd: '..',
      url: `http://127.0.0.1:${localOidcProviderPort}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: 'node --import tsx apps/server/src/main.ts start',
      cwd: '..',
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      // First start migrates and loads the demo catalog; slow on a busy machine.
      timeout: 180_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        IPICK_DATA_DIR: process.env.IPICK_E2E_DATA_DIR,
        DATABASE_URL: '',
        SMTP_URL: `smtp://127.0.0.1:${mailCatcher.smtpPort}`,
        LOG_LEVEL: 'warn',
        // The fixture shop and the closed port live on loopback, which ipick refuses otherwise.
        IPICK_FETCH_ALLOW_PRIVATE: '1',
        // 'Continue with Local' signs in at the local OpenID provider.
        IPICK_OAUTH_LOCAL_ISSUER: `http://127.0.0.1:${localOidcProviderPort}`,
        IPICK_OAUTH_LOCAL_CLIENT_ID: localOidcClient.id,
        IPICK_OAUTH_LOCAL_CLIENT_SECRET: localOidcClient.secret,
      },
    },
  ],
});
