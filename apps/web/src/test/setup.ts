import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Pages load lazily; on a busy CI machine the first import of a page can take over a second,
// and with the server suites beside the unit tests on two cores one took more than five.
configure({ asyncUtilTimeout: 10_000 });

// API answers' schemas load with their calls (lazySchema in lib/api-client.ts). Loaded here
// once, the first test of a file does not spend its wait on the contracts' first transform.
await import('@ipick/contracts');

// jsdom has no scrolling; React Router's scroll restoration calls it on every navigation.
window.scrollTo = () => undefined;

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});
