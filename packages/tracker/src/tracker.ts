import { startTracker } from './tracker-core.ts';

// The entry of the served bundle: the snippet configures itself from its own <script> tag
// (`data-key`, `data-domain`, optional `data-consent="required"`). `currentScript` is that tag
// while it runs; a tag manager's wrapper or a test may run it from elsewhere, so fall back to
// finding the tag by its attributes.
const current = document.currentScript;
startTracker(
  window,
  current instanceof HTMLScriptElement && current.hasAttribute('data-key')
    ? current
    : document.querySelector<HTMLScriptElement>('script[data-key][src*="/tracker.js"]'),
);
