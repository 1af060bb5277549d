import ipaddr from 'ipaddr.js';
import { checkAddress, type AddressPolicyOptions } from './address-policy.ts';
import { FetchRefusedError } from './fetch-refused-error.ts';

/** Names that reach a cloud metadata service whatever DNS answers; never fetched. */
const METADATA_HOST_NAMES: ReadonlySet<string> = new Set([
  'metadata.google.internal',
  'metadata.goog',
  'metadata.azure.internal',
  'instance-data',
  'instance-data.ec2.internal',
]);

/** A checked target: the URL to request, and whether its host still needs a DNS lookup. */
export interface CheckedTarget {
  url: URL;
  /** True when the host is a name whose addresses are checked at connect time. */
  needsLookup: boolean;
}

/** The host without the brackets of an IPv6 literal and without trailing dots (`localhost.`). */
function bareHost(url: URL): string {
  const host = url.hostname;
  if (host.startsWith('[') && host.endsWith(']')) return host.slice(1, -1);
  return host.replace(/\.+$/, '');
}

function refusePrivate(url: URL, detail: string): never {
  throw new FetchRefusedError('private_address', { url: url.href, detail });
}

/**
 * Checks a URL before any request is made to it: http or https only, no credentials, and when
 * the host is an IP literal (IPv4 in any form the WHATWG URL parser accepts, or IPv6), that the
 * address is allowed. Host names are checked again, by address, when they are resolved.
 */
export function checkTargetUrl(input: string | URL, options: AddressPolicyOptions): CheckedTarget {
  let url: URL;
  try {
    // Parsing normalises decimal, octal, hex and short IPv4 hosts (2130706433, 0177.0.0.1,
    // 0x7f.0.0.1, 127.1) to dotted form, so the literal check below sees what a socket would.
    url = new URL(input);
  } catch {
    throw new FetchRefusedError('invalid_url', { detail: `cannot parse ${String(input)}` });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchRefusedError('scheme_not_allowed', { url: url.href, detail: url.protocol });
  }
  if (url.username !== '' || url.password !== '') {
    const withoutCredentials = new URL(url);
    withoutCredentials.username = '';
    withoutCredentials.password = '';
    throw new FetchRefusedError('invalid_url', {
      message: 'ipick does not open links that carry a user name or password.',
      url: withoutCredentials.href,
      detail: 'credentials in URL',
    });
  }
  const host = bareHost(url);
  if (host === '') throw new FetchRefusedError('invalid_url', { detail: 'empty host' });

  const isIPv6Literal = url.hostname.startsWith('[');
  if (isIPv6Literal || ipaddr.IPv4.isValidFourPartDecimal(host)) {
    const verdict = checkAddress(host, options);
    if (!verdict.isAllowed) refusePrivate(url, `${host} is a ${verdict.category} address`);
    return { url, needsLookup: false };
  }
  if (METADATA_HOST_NAMES.has(host)) refusePrivate(url, `${host} is a metadata host name`);
  if (!options.allowPrivate && (host === 'localhost' || host.endsWith('.localhost'))) {
    refusePrivate(url, `${host} is a loopback host name`);
  }
  return { url, needsLookup: true };
}

/**
 * Resolves a redirect's Location against the URL that sent it and checks the result with the
 * same rules as the first URL, so a public page cannot bounce ipick to a private address.
 */
export function checkRedirectTarget(
  location: string,
  from: URL,
  options: AddressPolicyOptions,
): CheckedTarget {
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    throw new FetchRefusedError('invalid_url', {
      url: from.href,
      detail: `bad redirect location ${location}`,
    });
  }
  return checkTargetUrl(next, options);
}
