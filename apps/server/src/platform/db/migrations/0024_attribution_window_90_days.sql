-- A business's attribution window is at most 90 days: the merchant snippet keeps ipick's referral
-- and click ids for 90 days (`REFERRAL_DAYS` in packages/tracker's tracker-core.ts), so a sale
-- later than that no longer quotes them and a longer window could not be honoured. The API
-- accepted up to 365 before; such windows come down to 90, and the check now holds the limit.
update business_settings
set attribution_window_days = 90, updated_at = now()
where attribution_window_days > 90;

alter table business_settings drop constraint business_settings_attribution_window_days_check;
alter table business_settings add constraint business_settings_attribution_window_days_check
  check (attribution_window_days between 1 and 90);
