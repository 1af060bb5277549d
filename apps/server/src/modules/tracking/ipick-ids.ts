import { sql, type RawBuilder } from 'kysely';

type QualifiedColumn = `${string}.${string}`;

/**
 * Whether the referral id and click id a shop reported (the columns `referralId` and
 * `clickId` of the row at hand) name a click or referral ipick recorded for `businessId`: a
 * referral-tracking call's referral id or id, or a human click's referral id or id (bots are
 * not clicks in journeys either). The conversion API takes any id from a shop's server, so a
 * made-up id, or another shop's, is accepted but is not ipick's.
 *
 * A SQL condition for the queries that label rows "From ipick" (activity, events, journeys);
 * each look-up is one index probe.
 */
export function quotesIpickId(
  businessId: string,
  // Qualified by the row's table (`v.referral_id`): a bare name would be read as the column
  // of the same name of the tables looked up.
  columns: { referralId: QualifiedColumn; clickId: QualifiedColumn },
): RawBuilder<boolean> {
  const referralId = sql.ref(columns.referralId);
  const clickId = sql.ref(columns.clickId);
  return sql<boolean>`(
    exists (
      select 1 from merchant_referrals ipick_m
      where ipick_m.referral_id = ${referralId} and ipick_m.business_id = ${businessId}
    )
    or exists (
      select 1 from merchant_referrals ipick_m
      where ipick_m.id = ${clickId} and ipick_m.business_id = ${businessId}
    )
    or exists (
      select 1 from clicks ipick_c
      where ipick_c.business_id = ${businessId} and ipick_c.referral_id = ${referralId}
        and not ipick_c.is_bot
    )
    or exists (
      select 1 from clicks ipick_c
      where ipick_c.id = ${clickId} and ipick_c.business_id = ${businessId}
        and not ipick_c.is_bot
    )
  )`;
}
