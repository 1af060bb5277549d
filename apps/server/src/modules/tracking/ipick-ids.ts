import { DEFAULT_ATTRIBUTION_WINDOW_DAYS } from '@ipick/core';
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
        and not ipick_m.is_bot
    )
    or exists (
      select 1 from merchant_referrals ipick_m
      where ipick_m.id = ${clickId} and ipick_m.business_id = ${businessId}
        and not ipick_m.is_bot
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

/** A value, or SQL for one (a column of the row at hand, `sql.ref('v.referral_id')`). */
type SqlValue<T> = T | RawBuilder<T> | RawBuilder<unknown>;

/**
 * When ipick last sent the shopper of a lead or sale: the latest time, at or before the
 * conversion (`occurredAt`), of a referral call or human click ipick recorded for `businessId`
 * whose referral id or id the conversion quotes (the ids `quotesIpickId` accepts); null when it
 * quotes none. Worked out once, as the conversion is recorded, and kept on it
 * (`conversions.ipick_click_at`): the shop can only quote a click's ids once ipick's redirect
 * gave them, and the ledger commits a click before answering its redirect. The dashboard's
 * figures then read no clicks per conversion (`isIpickConversion`): probing them for a year's
 * 50,000 conversions took 0.3–0.5 s on PostgreSQL. Each look-up is one index probe.
 */
export function latestIpickClickAt(
  businessId: SqlValue<string>,
  quoted: {
    referralId: SqlValue<string | null>;
    clickId: SqlValue<string | null>;
    occurredAt: SqlValue<Date>;
  },
): RawBuilder<Date | null> {
  const { referralId, clickId, occurredAt } = quoted;
  // greatest() passes over nulls: the latest of whichever ids matched.
  return sql<Date | null>`greatest(
    (
      select max(ipick_c.occurred_at) from clicks ipick_c
      where ipick_c.business_id = ${businessId} and ipick_c.referral_id = ${referralId}
        and not ipick_c.is_bot and ipick_c.occurred_at <= ${occurredAt}
    ),
    (
      select max(ipick_m.occurred_at) from merchant_referrals ipick_m
      where ipick_m.referral_id = ${referralId} and ipick_m.business_id = ${businessId}
        and not ipick_m.is_bot
        and ipick_m.occurred_at <= ${occurredAt}
    ),
    (
      select max(ipick_c.occurred_at) from clicks ipick_c
      where ipick_c.id = ${clickId} and ipick_c.business_id = ${businessId}
        and not ipick_c.is_bot and ipick_c.occurred_at <= ${occurredAt}
    ),
    (
      select max(ipick_m.occurred_at) from merchant_referrals ipick_m
      where ipick_m.id = ${clickId} and ipick_m.business_id = ${businessId}
        and not ipick_m.is_bot
        and ipick_m.occurred_at <= ${occurredAt}
    )
  )`;
}

/**
 * Whether a lead or sale of `businessId` is ipick's in the dashboard's figures (Home and
 * Analytics): ipick sent its shopper (`latestIpickClickAt`, kept as `ipick_click_at`) within
 * the business's attribution window before it (the Settings page's, 30 days by default; the
 * bounds of core's `isWithinWindow`). The window is read when asked, so a change to it applies
 * to every conversion. Unlike the Attribution page this follows no journey through visitor or
 * session ids: a sale that quotes no ipick id is not counted here.
 */
export function isIpickConversion(
  businessId: string,
  columns: { ipickClickAt: QualifiedColumn; occurredAt: QualifiedColumn },
): RawBuilder<boolean> {
  // Uncorrelated, so the database reads the business's window once per query. Days of 24
  // hours, as core counts them: a timestamptz less `days` follows the session's time zone, so
  // across a change of clocks the window would be an hour longer or shorter.
  return sql<boolean>`${sql.ref(columns.ipickClickAt)} >= ${sql.ref(columns.occurredAt)}
    - make_interval(hours => 24 * coalesce(
      (select ipick_s.attribution_window_days from business_settings ipick_s
        where ipick_s.business_id = ${businessId}),
      ${DEFAULT_ATTRIBUTION_WINDOW_DAYS}::int
    ))`;
}
