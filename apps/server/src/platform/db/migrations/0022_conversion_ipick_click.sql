-- The merchant dashboard's conversions, conversion rate and revenue count only what ipick sent:
-- a lead or sale that quotes the referral id or id of an ipick referral call or human click of
-- the business, made at or before it and within the business's attribution window. Looking the
-- quoted click up for every conversion of a year on each dashboard view took 0.3–0.5 s at 50,000
-- conversions, so it is looked up once, as the conversion is recorded (module tracking's
-- `latestIpickClickAt`): when ipick last sent the shopper, at or before the conversion; null
-- when it quotes no id ipick recorded. The window is compared when the dashboard asks, so a
-- change of window applies to every conversion. Clicks and referral calls are never changed or
-- deleted apart from their business, so the time stays true.
alter table conversions add column ipick_click_at timestamptz;

update conversions v set ipick_click_at = greatest(
  (
    select max(c.occurred_at) from clicks c
    where c.business_id = v.business_id and c.referral_id = v.referral_id
      and not c.is_bot and c.occurred_at <= v.occurred_at
  ),
  (
    select max(m.occurred_at) from merchant_referrals m
    where m.referral_id = v.referral_id and m.business_id = v.business_id
      and m.occurred_at <= v.occurred_at
  ),
  (
    select max(c.occurred_at) from clicks c
    where c.id = v.click_id and c.business_id = v.business_id
      and not c.is_bot and c.occurred_at <= v.occurred_at
  ),
  (
    select max(m.occurred_at) from merchant_referrals m
    where m.id = v.click_id and m.business_id = v.business_id
      and m.occurred_at <= v.occurred_at
  )
)
where v.referral_id is not null or v.click_id is not null;

-- The figures read only ipick's conversions, and these columns of them; 0012's figures index
-- lacked the two the rule and the refunds need, so every year-long view read the table itself.
drop index conversions_business_time_figures_idx;
create index conversions_business_ipick_figures_idx
  on conversions (business_id, occurred_at)
  include (kind, amount_minor, currency, order_id, ipick_click_at)
  where ipick_click_at is not null;
