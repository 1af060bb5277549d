-- Price-drop alerts (module price-alerts): a signed-in shopper asks to be told by email when one
-- offer's total price (price plus known shipping) is at or below a mark. An alert fires once and
-- re-arms only after the total has gone back above the mark, so a price that wobbles around it
-- sends one email per drop, not one per import.
create table price_alerts (
  id uuid primary key,
  user_id uuid not null references identity_users (id) on delete cascade,
  offer_id uuid not null references offers (id) on delete cascade,
  -- The mark, in the offer's currency at the time the alert was made (integer minor units).
  target_minor bigint not null check (target_minor > 0),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  -- The offer's title and shop when the alert was made, so the list reads well if the offer goes.
  title text not null,
  retailer_name text not null,
  -- Where the shopper made it, to open the comparison again.
  path text,
  is_paused boolean not null default false,
  -- True while waiting for a drop; false after firing until the total is above the mark again.
  is_armed boolean not null default true,
  fire_count integer not null default 0,
  last_fired_at timestamptz,
  last_fired_total_minor bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- One alert per shopper and offer: asking again moves the mark.
  unique (user_id, offer_id)
);
create index price_alerts_user_created_idx on price_alerts (user_id, created_at desc, id desc);
-- The check after an import or a page read looks up the alerts of the offers that changed.
create index price_alerts_offer_idx on price_alerts (offer_id);
