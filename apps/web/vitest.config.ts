import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

/** Files that replace one of the app's modules (`vi.mock`), so they need a module graph of their own. */
const moduleMockingTests = ['src/app/dashboard-error-boundary.test.tsx'];

/** The web project's settings; `vitest.isolated.config.ts` runs the module-mocking files with them. */
export function webTestConfig(isolated: boolean): ViteUserConfig {
  return {
    plugins: [react()],
    // Pinned so the globs below resolve the same whether vitest runs from the repo root or here.
    root: fileURLToPath(new URL('.', import.meta.url)),
    resolve: {
      alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    },
    test: {
      name: isolated ? 'web-isolated' : 'web',
      environment: 'jsdom',
      include: isolated ? moduleMockingTests : ['src/**/*.test.{ts,tsx}'],
      exclude: isolated ? [] : moduleMockingTests,
      setupFiles: ['src/test/setup.ts'],
      restoreMocks: true,
      unstubGlobals: true,
      // The other files share one page and one module graph per worker instead of a new jsdom
      // and a new import of React, the router and the app for each file: about 40 % less CPU
      // for the suite. The setup file puts the page back as new after each test.
      isolate: isolated,
      // A whole sign-in in jsdom, typed key by key, takes seconds when CI's two lanes share two
      // cores; this is a hang guard, not a speed check.
      testTimeout: 20_000,
    },
  };
}

export default defineConfig(webTestConfig(false));
