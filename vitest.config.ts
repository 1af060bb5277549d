import { defineConfig } from 'vitest/config';

// One runner for every unit and integration suite; `--project` picks one (see package.json).
export default defineConfig({
  test: {
    projects: [
      'packages/core',
      'packages/tracker',
      'apps/web',
      'apps/web/vitest.isolated.config.ts',
      'apps/server',
      'scripts',
    ],
  },
});
