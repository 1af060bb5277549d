/** The `id` of the tag this page injects, so installing again replaces it. */
export const INJECTED_SNIPPET_ID = 'ipick-tracking-test-snippet';
export const SNIPPET_PATH = '/tracker.js';
export const PLACEHOLDER_KEY = 'pk_live_YOUR_PUBLISHABLE_KEY';
export const PLACEHOLDER_DOMAIN = 'shop.example.com';

export type IpickFunction = ((command: string, ...args: unknown[]) => boolean | undefined) & {
  q?: unknown[][];
  loaded?: boolean;
};

interface IpickWindow {
  ipick?: IpickFunction;
}

function ipickWindow(): IpickWindow {
  return window as unknown as IpickWindow;
}

/**
 * Adds `<script src="/tracker.js" data-key data-domain>` to the page, as a merchant's shop would
 * have it, replacing a tag injected earlier. The queue stub goes first, so calls made before the
 * script loads are replayed by it. `onLoad`/`onError` report whether the script could be fetched.
 */
export function injectSnippet(
  { publishableKey, domain }: { publishableKey: string; domain: string },
  { onLoad, onError }: { onLoad?: () => void; onError?: () => void } = {},
  doc: Document = document,
): HTMLScriptElement {
  doc.getElementById(INJECTED_SNIPPET_ID)?.remove();
  const win = ipickWindow();
  // A snippet loaded earlier is replaced by the new one, configured with the new key.
  if (win.ipick?.loaded) delete win.ipick;
  if (!win.ipick) {
    const stub: IpickFunction = (...args: unknown[]) => {
      (stub.q = stub.q ?? []).push(args);
      return undefined;
    };
    win.ipick = stub;
  }
  const script = doc.createElement('script');
  script.id = INJECTED_SNIPPET_ID;
  script.defer = true;
  script.src = SNIPPET_PATH;
  script.setAttribute('data-key', publishableKey);
  script.setAttribute('data-domain', domain);
  if (onLoad) script.addEventListener('load', onLoad, { once: true });
  if (onError) script.addEventListener('error', onError, { once: true });
  doc.body.appendChild(script);
  return script;
}

/** Takes the injected tag and the snippet's `window.ipick` off the page again. */
export function removeSnippet(doc: Document = document): void {
  const tag = doc.getElementById(INJECTED_SNIPPET_ID);
  if (!tag) return;
  tag.remove();
  delete ipickWindow().ipick;
}

/**
 * Calls `window.ipick('track', …)`. Returns what the snippet answered: true when it handed the
 * event to the browser, false when it would not send (no consent, Global Privacy Control, no
 * key), undefined when the snippet has not loaded yet and the call was queued.
 */
export function trackWithSnippet(
  eventType: string,
  data: Record<string, unknown>,
): boolean | undefined {
  return ipickWindow().ipick?.('track', eventType, data);
}

/** The tag to paste on every page of the shop. */
export function snippetTag({
  origin,
  publishableKey,
  domain,
}: {
  origin: string;
  publishableKey: string;
  domain: string;
}): string {
  return [
    '<script>',
    '  window.ipick = window.ipick || function () { (ipick.q = ipick.q || []).push(arguments); };',
    '</script>',
    `<script defer src="${origin}${SNIPPET_PATH}" data-key="${publishableKey}" data-domain="${domain}"></script>`,
  ].join('\n');
}

/** The call for a shop's "Add to cart" button: the journey view shows it as a step. */
export function addToCartCall(): string {
  return [
    "ipick('track', 'add_to_cart', {",
    "  productId: 'SKU-123', // your product id",
    '  amountMinor: 4999, // the price in cents',
    "  currency: 'USD',",
    '});',
  ].join('\n');
}

/** The call for the order confirmation page. */
export function purchaseCall(): string {
  return [
    "ipick('track', 'purchase', {",
    "  orderId: 'ORDER-1234', // your order id",
    '  amountMinor: 4999, // the total in cents',
    "  currency: 'USD',",
    '});',
  ].join('\n');
}

/** A fresh order id for a test purchase. */
export function newTestOrderId(now: Date = new Date()): string {
  const random = Math.random().toString(36).slice(2, 8).toUpperCase();
  return `TEST-${now.getTime().toString(36).toUpperCase()}-${random}`;
}
