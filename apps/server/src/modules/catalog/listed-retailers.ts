import { RETAILER_KEYS } from '@ipick/core';
import { sql, type RawBuilder } from 'kysely';

/**
 * Whether the retailer row `alias` is listed: its offers are shown to every shopper and its
 * links followed without the "you are leaving ipick" page. Listed are the named retailers of
 * spec §9 and shops whose catalog an operator or an active merchant fed. A shop ipick knows only
 * because someone pasted one of its pages is not, nor is a merchant not yet approved or
 * suspended: otherwise anyone could put a "same product, cheaper" in front of every shopper.
 */
export function isListedRetailer(alias: string): RawBuilder<boolean> {
  const key = sql.ref(`${alias}.key`);
  return sql<boolean>`(
    (${key} in (${sql.join([...RETAILER_KEYS])})
      or exists (select 1 from feed_imports f where f.retailer_id = ${sql.ref(`${alias}.id`)}))
    and not exists (
      select 1 from businesses b where lower(b.domain) = ${key} and b.status <> 'active'
    ))`;
}

/** Whether the offer row `alias` belongs to a listed retailer (see `isListedRetailer`). */
export function isListedOffer(alias: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(`${alias}.retailer_id`)} in (
    select lr.id from retailers lr where ${isListedRetailer('lr')})`;
}
