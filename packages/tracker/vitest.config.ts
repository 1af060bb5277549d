import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  // Pinned so the globs resolve the same whether vitest runs from the repo root or here.
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'tracker',
    environment: 'jsdom',
    include: ['src/**/*.test.ts'],
    globalSetup: ['test/build-bundle.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
