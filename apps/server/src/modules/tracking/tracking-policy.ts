/**
 * Who may send what (code-style §8): which page origins may use a business's publishable key,
 * and which addresses a referral may send a shopper to.
 */

/** `host[:port]` of an http(s) URL, lower case and without `www.`; null when it is not one. */
export function domainOfUrl(value: string, options: { allowHttp: boolean }): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const isAllowedScheme =
    url.protocol === 'https:' || (options.allowHttp && url.protocol === 'http:');
  if (!isAllowedScheme || url.hostname === '') return null;
  return url.host.toLowerCase().replace(/^www\./, '');
}

/** Whether `host` is `domain` or one of its subdomains (`shop.example.com` under `example.com`). */
export function isCoveredBy(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

/**
 * Whether a browser page at `origin` may send events with a business's publishable key: the
 * origin must be https (http only where ipick may fetch private addresses, i.e. tests and local
 * demos) on a verified domain of the business or a subdomain of one. Browsers set `Origin`
 * themselves, so a page elsewhere cannot pass for the shop.
 */
export function isOriginAllowed(
  origin: string | undefined,
  verifiedDomains: readonly string[],
  options: { allowHttp: boolean },
): boolean {
  if (!origin || origin === 'null') return false;
  const host = domainOfUrl(origin, options);
  return host !== null && verifiedDomains.some((domain) => isCoveredBy(host, domain));
}
