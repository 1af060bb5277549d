import { promises as dns, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { checkAddress, type AddressPolicyOptions } from './address-policy.ts';
import { FetchRefusedError } from './fetch-refused-error.ts';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to its addresses; the fetcher's DNS, replaceable in tests. */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** The system resolver (getaddrinfo: /etc/hosts, then DNS), every address in its own order. */
export const systemResolver: HostResolver = (hostname) =>
  dns.lookup(hostname, { all: true, verbatim: true });

/**
 * Resolves a host name and checks every address it has. One bad address refuses the whole
 * host: a name that mixes public and private answers is a DNS rebinding attempt or a mistake.
 */
export async function resolveCheckedAddresses(
  hostname: string,
  resolve: HostResolver,
  options: AddressPolicyOptions,
): Promise<LookupAddress[]> {
  let answers: ResolvedAddress[];
  try {
    answers = await resolve(hostname);
  } catch (error) {
    throw new FetchRefusedError('dns_failed', {
      detail: `${hostname}: ${String(error)}`,
      cause: error,
    });
  }
  const addresses: LookupAddress[] = [];
  for (const { address } of answers) {
    const family = isIP(address);
    if (family === 0) {
      throw new FetchRefusedError('dns_failed', { detail: `${hostname}: bad answer ${address}` });
    }
    const verdict = checkAddress(address, options);
    if (!verdict.isAllowed) {
      throw new FetchRefusedError('private_address', {
        detail: `${hostname} resolves to ${address}, a ${verdict.category} address`,
      });
    }
    addresses.push({ address, family });
  }
  if (addresses.length === 0) {
    throw new FetchRefusedError('dns_failed', { detail: `${hostname}: no addresses` });
  }
  return addresses;
}

/**
 * A `lookup` for `net.connect`/`tls.connect` that resolves and checks in one step, so the socket
 * connects to exactly the addresses that were checked: there is no second lookup for a
 * rebinding DNS server to answer differently. (Sockets skip `lookup` for IP literals; those are
 * checked with the URL, before the request.)
 */
export function createCheckedLookup(
  resolve: HostResolver,
  options: AddressPolicyOptions,
): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    const family = lookupOptions.family;
    const wanted = family === 'IPv4' ? 4 : family === 'IPv6' ? 6 : family;
    resolveCheckedAddresses(hostname, resolve, options).then(
      (addresses) => {
        const matching =
          wanted === 4 || wanted === 6
            ? addresses.filter((entry) => entry.family === wanted)
            : addresses;
        const first = matching[0];
        if (!first) {
          const detail = `${hostname}: no IPv${String(wanted)} address`;
          callback(new FetchRefusedError('dns_failed', { detail }), '');
        } else if (lookupOptions.all) {
          callback(null, matching);
        } else {
          callback(null, first.address, first.family);
        }
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, ''),
    );
  };
}
