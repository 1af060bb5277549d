/**
 * The host and each parent domain of it with at least two labels, most specific first:
 * `a.b.shop.com` → `a.b.shop.com`, `b.shop.com`, `shop.com`. A merchant registered as
 * `shop.com` owns all of them.
 */
export function domainsOfHost(host: string): string[] {
  const labels = host.toLowerCase().replace(/\.$/, '').split('.');
  const domains: string[] = [];
  for (let i = 0; i <= labels.length - 2; i += 1) domains.push(labels.slice(i).join('.'));
  return domains;
}
