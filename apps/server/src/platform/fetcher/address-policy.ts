import ipaddr from 'ipaddr.js';

/**
 * What kind of network an IP address belongs to, as far as fetching user-supplied links goes.
 * `public` is the only kind a shop's website can live at.
 */
export type AddressCategory =
  | 'public'
  | 'loopback'
  | 'private'
  | 'carrier_grade_nat'
  | 'unique_local'
  | 'link_local'
  | 'metadata'
  | 'unspecified'
  | 'multicast'
  | 'broadcast'
  | 'documentation'
  | 'benchmarking'
  | 'reserved';

export interface AddressPolicyOptions {
  /** Let loopback and private-network targets through (tests and local demos only). */
  allowPrivate: boolean;
}

export type AddressVerdict =
  | { isAllowed: true; category: AddressCategory }
  | { isAllowed: false; category: AddressCategory | 'not_an_address' };

/**
 * The kinds that `allowPrivate` opens up. Link-local stays shut even then: the cloud metadata
 * services (and AWS's ECS and DNS endpoints) live in 169.254/16, and no demo needs it.
 */
const PRIVATE_CATEGORIES: ReadonlySet<AddressCategory> = new Set([
  'loopback',
  'private',
  'carrier_grade_nat',
  'unique_local',
]);

type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];

function ranges<T extends string>(table: [T, string[]][]): [T, Cidr[]][] {
  return table.map(([name, cidrs]) => [name, cidrs.map((cidr) => ipaddr.parseCIDR(cidr))]);
}

function firstMatch<T extends string>(
  address: ipaddr.IPv4 | ipaddr.IPv6,
  table: [T, Cidr[]][],
): T | undefined {
  for (const [name, cidrs] of table) {
    if (cidrs.some((cidr) => address.kind() === cidr[0].kind() && address.match(cidr))) {
      return name;
    }
  }
  return undefined;
}

// Most specific first: the first matching row wins. Sources: the IANA IPv4 and IPv6
// special-purpose address registries (RFC 6890 and its updates).
const IPV4_RANGES = ranges<AddressCategory>([
  // AWS/GCP/Azure/Oracle metadata, AWS ECS task metadata, Alibaba Cloud metadata, Azure WireServer.
  [
    'metadata',
    ['169.254.169.254/32', '169.254.170.2/32', '100.100.100.200/32', '168.63.129.16/32'],
  ],
  ['unspecified', ['0.0.0.0/32']],
  ['reserved', ['0.0.0.0/8']],
  ['private', ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16']],
  ['carrier_grade_nat', ['100.64.0.0/10']],
  ['loopback', ['127.0.0.0/8']],
  ['link_local', ['169.254.0.0/16']],
  ['documentation', ['192.0.2.0/24', '198.51.100.0/24', '203.0.113.0/24']],
  ['benchmarking', ['198.18.0.0/15']],
  ['multicast', ['224.0.0.0/4']],
  ['broadcast', ['255.255.255.255/32']],
  // IETF protocol assignments, the retired 6to4 relay anycast, and the old class E.
  ['reserved', ['192.0.0.0/24', '192.88.99.0/24', '240.0.0.0/4']],
]);

/** IPv6 prefixes that carry an IPv4 address; the embedded address decides. */
type Embedding = 'mapped' | 'translated' | 'compatible' | 'nat64' | 'sixToFour' | 'teredo';

const IPV6_EMBEDDINGS = ranges<Embedding>([
  ['mapped', ['::ffff:0:0/96']],
  ['translated', ['::ffff:0:0:0/96']],
  ['nat64', ['64:ff9b::/96']],
  ['sixToFour', ['2002::/16']],
  ['teredo', ['2001::/32']],
]);

const IPV6_RANGES = ranges<AddressCategory>([
  ['metadata', ['fd00:ec2::254/128']],
  ['unspecified', ['::/128']],
  ['loopback', ['::1/128']],
  // Local-use NAT64 (RFC 8215) translates into the site's own network.
  ['private', ['64:ff9b:1::/48', 'fec0::/10']],
  ['reserved', ['100::/64']],
  ['benchmarking', ['2001:2::/48']],
  ['documentation', ['2001:db8::/32', '3fff::/20']],
  // The rest of the IETF protocol block (ORCHID, AMT, AS112, ...): no shop lives there.
  ['reserved', ['2001::/23']],
  ['unique_local', ['fc00::/7']],
  ['link_local', ['fe80::/10']],
  ['multicast', ['ff00::/8']],
]);

/** Only 2000::/3 is handed out as global unicast; everything else is special or unassigned. */
const IPV6_GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');

function ipv4FromParts(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/** The IPv4 addresses an IPv6 address embeds, or null when it embeds none. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4[] | null {
  const parts = address.parts;
  const part = (index: number) => parts[index] ?? 0;
  switch (firstMatch(address, IPV6_EMBEDDINGS)) {
    case 'mapped':
    case 'translated':
    case 'nat64':
      return [ipv4FromParts(part(6), part(7))];
    case 'sixToFour':
      return [ipv4FromParts(part(1), part(2))];
    case 'teredo':
      // The Teredo server in bits 32-63, the client's public address inverted in bits 96-127.
      return [ipv4FromParts(part(2), part(3)), ipv4FromParts(part(6) ^ 0xffff, part(7) ^ 0xffff)];
    default:
      // IPv4-compatible (::a.b.c.d, deprecated); `::` and `::1` are classified on their own.
      if (parts.slice(0, 6).every((value) => value === 0) && (part(6) !== 0 || part(7) > 1)) {
        return [ipv4FromParts(part(6), part(7))];
      }
      return null;
  }
}

function classifyIPv4(address: ipaddr.IPv4): AddressCategory {
  return firstMatch(address, IPV4_RANGES) ?? 'public';
}

function classifyIPv6(address: ipaddr.IPv6): AddressCategory {
  const embedded = embeddedIPv4(address);
  if (embedded) {
    const worst = embedded.map(classifyIPv4).find((category) => category !== 'public');
    if (worst) return worst;
    // ::a.b.c.d was deprecated in 2006; nothing legitimate uses it for a public host.
    return address.match(ipaddr.parseCIDR('::/96')) ? 'reserved' : 'public';
  }
  const category = firstMatch(address, IPV6_RANGES);
  if (category) return category;
  return address.match(IPV6_GLOBAL_UNICAST) ? 'public' : 'reserved';
}

/**
 * Parses an IP address. IPv6 goes through the WHATWG URL parser first, which reads an embedded
 * dotted IPv4 the way sockets do (`::8.8.8.8` is `::808:808`; ipaddr.js alone would read it as
 * `::ffff:8.8.8.8`). IPv4 accepts the legacy octal, hex, decimal and short forms, as inet_aton does.
 */
function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (bare.includes(':')) {
    const withoutZone = bare.replace(/%[^%]*$/, '');
    if (!/^[0-9a-f:.]+$/i.test(withoutZone)) return null;
    let canonical: string;
    try {
      canonical = new URL(`http://[${withoutZone}]/`).hostname.slice(1, -1);
    } catch {
      return null;
    }
    return ipaddr.IPv6.isValid(canonical) ? ipaddr.IPv6.parse(canonical) : null;
  }
  return ipaddr.IPv4.isValid(bare) ? ipaddr.IPv4.parse(bare) : null;
}

/**
 * Classifies an IP address written in any usual form: dotted IPv4 (also the legacy octal, hex,
 * decimal and short forms), IPv6 with or without brackets or a zone id, and IPv6 with an
 * embedded dotted IPv4. Returns null for anything that is not an IP address.
 */
export function classifyAddress(text: string): AddressCategory | null {
  const address = parseAddress(text);
  if (address === null) return null;
  return address.kind() === 'ipv4'
    ? classifyIPv4(address as ipaddr.IPv4)
    : classifyIPv6(address as ipaddr.IPv6);
}

/** Whether ipick may connect to this address for a user-supplied link. */
export function checkAddress(text: string, options: AddressPolicyOptions): AddressVerdict {
  const category = classifyAddress(text);
  if (category === null) return { isAllowed: false, category: 'not_an_address' };
  if (category === 'public' || (options.allowPrivate && PRIVATE_CATEGORIES.has(category))) {
    return { isAllowed: true, category };
  }
  return { isAllowed: false, category };
}
