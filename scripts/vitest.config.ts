import { defineProject } from 'vitest/config';

// The matcher's training code (Node only, not part of the app).
export default defineProject({
  test: { name: 'scripts', include: ['matcher/**/*.test.ts'] },
});
