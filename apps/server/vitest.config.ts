import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    // IPICK_TEST_DATABASE=postgres (with DATABASE_URL) runs the same suite on PostgreSQL.
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file builds its own app and database, and no file mocks a module, so the files share
    // one module graph instead of importing the whole server again for each of them: the suite
    // takes about a quarter less time. It passes with its files shuffled, on both databases.
    isolate: false,
  },
});
