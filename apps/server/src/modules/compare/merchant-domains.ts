import { domainsOfHost } from '@ipick/core';
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../../platform/db/schema.ts';

/** Which hosts belong to an active merchant: host → the merchant's registered domain. */
export type MerchantDomainLookup = (hosts: readonly string[]) => Promise<Map<string, string>>;

/**
 * The active businesses whose domain is each host or a parent of it (spec §9: retailer links on a
 * business domain go through the referral-tracking call). Hosts with no such business are left
 * out; where several match, the most specific domain wins.
 */
export async function findMerchantDomains(
  db: Kysely<DatabaseSchema>,
  hosts: readonly string[],
): Promise<Map<string, string>> {
  const candidates = new Set(hosts.flatMap(domainsOfHost));
  const found = new Map<string, string>();
  if (candidates.size === 0) return found;
  const rows = await db
    .selectFrom('businesses')
    .select(sql<string>`lower(domain)`.as('domain'))
    .where(sql<string>`lower(domain)`, 'in', [...candidates])
    .where('status', '=', 'active')
    .execute();
  const active = new Set(rows.map((row) => row.domain));
  for (const host of hosts) {
    // domainsOfHost lists the host itself first, so the first match is the most specific.
    const domain = domainsOfHost(host).find((candidate) => active.has(candidate));
    if (domain) found.set(host, domain);
  }
  return found;
}
