import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach } from 'vitest';

// Pages load lazily; on a busy CI machine the first import of a page can take over a second,
// and with the server suites beside the unit tests on two cores one took more than five.
configure({ asyncUtilTimeout: 10_000 });

// API answers' schemas load with their calls (lazySchema in lib/api-client.ts). Loaded here
// once, the first test of a file does not spend its wait on the contracts' first transform.
await import('@ipick/contracts');

// jsdom has no scrolling; React Router's scroll restoration calls it on every navigation.
window.scrollTo = () => undefined;

// Vitest runs without globals, so Testing Library cannot register its own cleanup. The files of
// a worker share one page (vitest.config.ts), so each test also leaves it as a new one.
afterEach(() => {
  cleanup();
  toast.dismiss(); // Sonner keeps its toasts in a module, outside any rendered tree.
  window.sessionStorage.clear();
  window.localStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  // A modal left open when its test ended locks the page (Radix's pointer-events and scroll
  // lock on <body>); the next test starts on a bare page.
  document.body.removeAttribute('style');
  document.body.innerHTML = '';
  document.title = '';
  window.history.replaceState(null, '', '/');
});
