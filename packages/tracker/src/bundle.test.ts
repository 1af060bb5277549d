import { describe, expect, inject, it, vi } from 'vitest';

describe('the built tracker.js', () => {
  it('is one small IIFE that starts from its own script tag', () => {
    // Built by test/build-bundle.ts, exactly as `npm run build` writes dist/tracker.js.
    const built = inject('trackerBundle');
    // Small enough to add to any shop page without a second thought.
    expect(built.bytes).toBeLessThan(4096);
    expect(built.gzipBytes).toBeLessThan(2048);
    const code = built.code;
    expect(code).not.toMatch(/\b(import|export|require)\b/);

    const beacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    const script = document.createElement('script');
    script.src = 'https://ipick.example/tracker.js';
    script.setAttribute('data-key', 'pk_live_bundle');
    script.setAttribute('data-domain', 'shop.example.com');
    document.head.append(script);
    try {
      // Runs in the page's global scope as a classic script would; `document.currentScript`
      // is null here, so the bundle finds its tag by its attributes.
      const runInPage = window.eval.bind(window) as (source: string) => unknown;
      runInPage(code);
      expect(beacon).toHaveBeenCalledWith(
        'https://ipick.example/api/track/event?key=pk_live_bundle',
        expect.stringContaining('"eventType":"page_view"'),
      );
    } finally {
      script.remove();
      delete (window as { ipick?: unknown }).ipick;
    }
  });
});
