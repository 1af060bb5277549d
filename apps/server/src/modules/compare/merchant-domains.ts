import { domainsOfHost } from '@ipick/core';
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../../platform/db/schema.ts';

/** Which hosts belong to an active merchant: host → the merchant's domain that covers it. */
export type MerchantDomainLookup = (hosts: readonly string[]) => Promise<Map<string, string>>;

/**
 * The active businesses that own each host (a URL's host, port included): its registered domain
 * or one of its verified domains is the host or a parent of it (spec §9: retailer links on a
 * business domain go through the referral-tracking call). Hosts with no such business are left
 * out; where several match, the most specific domain wins.
 */
export async function findMerchantDomains(
  db: Kysely<DatabaseSchema>,
  hosts: readonly string[],
): Promise<Map<string, string>> {
  const candidates = [...new Set(hosts.flatMap(domainsOfHost))];
  const found = new Map<string, string>();
  if (candidates.length === 0) return found;
  const active = new Set(await activeMerchantDomains(db, candidates));
  for (const host of hosts) {
    // domainsOfHost lists the most specific name first, so the first match is the closest.
    const domain = domainsOfHost(host).find((candidate) => active.has(candidate));
    if (domain) found.set(host, domain);
  }
  return found;
}

/** Which of `domains` an active business registered or verified. */
export async function activeMerchantDomains(
  db: Kysely<DatabaseSchema>,
  domains: readonly string[],
): Promise<string[]> {
  if (domains.length === 0) return [];
  const rows = await db
    .selectFrom('businesses')
    .select(sql<string>`lower(domain)`.as('domain'))
    .where(sql<string>`lower(domain)`, 'in', domains)
    .where('status', '=', 'active')
    .union(
      db
        .selectFrom('business_domains as d')
        .innerJoin('businesses as b', 'b.id', 'd.business_id')
        .select('d.domain')
        .where('d.domain', 'in', domains)
        .where('d.verified_at', 'is not', null)
        .where('b.status', '=', 'active'),
    )
    .execute();
  return rows.map((row) => row.domain);
}
