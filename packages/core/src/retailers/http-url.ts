/**
 * `input` as an absolute http(s) URL with a host (a copy: the caller's URL object is never
 * touched), or null. Never throws. Apart from parse-retailer-url.ts so that code that only needs
 * this check (an outbound link on the results page) does not bring every retailer's link rules.
 */
export function toHttpUrl(input: string | URL): URL | null {
  let url: URL;
  try {
    url = new URL(typeof input === 'string' ? input.trim() : input.href);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.hostname === '' ? null : url;
}
