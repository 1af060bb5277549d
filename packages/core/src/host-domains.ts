const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/**
 * The names a merchant domain may be registered under for `host` (a URL's host, with its port if
 * any), most specific first. A DNS name lists itself and each parent with at least two labels:
 * `a.b.shop.com` → `a.b.shop.com`, `b.shop.com`, `shop.com`, so a merchant registered as
 * `shop.com` owns all of them. An IPv4 address or a one-label name (`localhost`) lists only
 * itself. With a port, `host:port` comes first: a merchant may verify a shop on a port (local
 * shops in tests and demos), and the bare names still match it.
 */
export function domainsOfHost(host: string): string[] {
  const lower = host.toLowerCase();
  const portAt = lower.search(/:\d{1,5}$/);
  const name = (portAt === -1 ? lower : lower.slice(0, portAt)).replace(/\.$/, '');
  if (name === '') return [];
  const labels = name.split('.');
  const names =
    IPV4.test(name) || labels.length === 1
      ? [name]
      : labels.slice(0, -1).map((_, i) => labels.slice(i).join('.'));
  return portAt === -1 ? names : [`${name}${lower.slice(portAt)}`, ...names];
}
