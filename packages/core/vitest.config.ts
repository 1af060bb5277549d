import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'core',
    include: ['src/**/*.test.ts'],
    // Property tests run thousands of cases; CI shares two cores between two lanes of suites.
    testTimeout: 20_000,
  },
});
