import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    // IPICK_TEST_DATABASE=postgres (with DATABASE_URL) runs the same suite on PostgreSQL.
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
