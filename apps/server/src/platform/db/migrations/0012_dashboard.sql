-- Merchant dashboard (module business): daily rollups of a business's clicks, and the indexes
-- its activity feed and figures read through.
--
-- A day's clicks are rolled up the first time a dashboard asks for that day once it is over
-- (clicks are written as they happen, so a closed day no longer changes); the current day is
-- always counted from `clicks` itself. Bots are left out of the rollups.

-- Clicks of one business on one UTC day (span 'day') or one calendar month (span 'month', `day`
-- its first day, summed from the month's days once all of them are closed), in total
-- (dimension 'all', value '') and by product, landing page path, device type, country and UTM
-- campaign ('' when unknown). Unique shoppers are distinct visitor hashes of each day: the hash's
-- salt changes daily, so summing days counts the same as counting distinct hashes over the days.
-- Months keep year-long breakdowns to a few rows per value instead of one per value and day.
create table dashboard_click_rollups (
  business_id uuid not null,
  dimension text not null
    check (dimension in ('all', 'product', 'page', 'device', 'country', 'campaign')),
  span text not null check (span in ('day', 'month')),
  day date not null,
  value text not null,
  clicks integer not null,
  unique_shoppers integer not null,
  primary key (business_id, dimension, span, day, value)
);

-- The closed days and months already rolled up per business (one without clicks has no rollup
-- rows but still has its row here, so it is not counted again).
create table dashboard_rollup_days (
  business_id uuid not null,
  span text not null check (span in ('day', 'month')),
  day date not null,
  rolled_up_at timestamptz not null default now(),
  primary key (business_id, span, day)
);

-- The activity feed lists what arrived, newest first, in exactly this order.
create index clicks_business_feed_idx on clicks (business_id, occurred_at, id)
  where business_id is not null;
create index tracking_events_business_received_idx on tracking_events (business_id, received_at, id);
create index conversions_business_received_idx on conversions (business_id, received_at, id);
-- Revenue and conversion counts read these columns only.
create index conversions_business_time_figures_idx
  on conversions (business_id, occurred_at) include (kind, amount_minor, currency);
