import { RETAILER_KEYS, RETAILERS } from '@ipick/core';
import type { CatalogRepository, RetailerRecord } from './catalog-repository.ts';

/**
 * Makes sure the nine retailers of spec §3 exist with their hosts and affiliate parameter
 * (§9). Affiliate ids stay as an admin set them (none, i.e. placeholders, at first).
 */
export async function ensureKnownRetailers(
  repository: CatalogRepository,
): Promise<Map<string, RetailerRecord>> {
  const records = new Map<string, RetailerRecord>();
  for (const key of RETAILER_KEYS) {
    const retailer = RETAILERS[key];
    records.set(
      key,
      await repository.ensureRetailer({
        key,
        displayName: retailer.name,
        hosts: [...retailer.hosts],
        affiliateParam: retailer.affiliateParameter,
      }),
    );
  }
  return records;
}
