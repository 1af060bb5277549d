import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no scrolling; React Router's scroll restoration calls it on every navigation.
window.scrollTo = () => undefined;

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});
