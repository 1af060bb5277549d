-- Merchant tracking (module tracking): shop domains a business proves it owns, API keys for
-- the snippet and for server-to-server calls, referrals recorded by the referral-tracking call,
-- browser events, conversions with order-id dedup, and attribution settings.

-- A business's shop domains. The business's own `domain` is its first (the primary one); more
-- can be added. Only a verified domain may send browser events.
create table business_domains (
  id uuid primary key,
  business_id uuid not null references businesses (id) on delete cascade,
  -- Lowercased, without `www.`; may carry a port.
  domain text not null,
  -- Put on the shop in a meta tag or in /.well-known/ipick-verification.txt.
  verification_token text not null,
  verified_at timestamptz,
  created_at timestamptz not null default now()
);
create unique index business_domains_business_domain_idx on business_domains (business_id, domain);
-- Any business may claim a domain, but only one can prove it.
create unique index business_domains_verified_idx on business_domains (domain)
  where verified_at is not null;
create index business_domains_domain_idx on business_domains (domain);

insert into business_domains (id, business_id, domain, verification_token, created_at)
select gen_random_uuid(), id, lower(domain), 'ipick-' || md5(random()::text || id::text), created_at
from businesses;

-- Keys for merchant integrations: `pk_live_…` (publishable, in the snippet) and `sk_live_…`
-- (secret, server-to-server). Only the SHA-256 of a key is kept, plus what identifies it.
create table business_api_keys (
  id uuid primary key,
  business_id uuid not null references businesses (id) on delete cascade,
  kind text not null check (kind in ('publishable', 'secret')),
  -- The start of the key (`sk_live_Ab12`) and its last four characters, for the dashboard.
  prefix text not null,
  last_four text not null,
  key_hash text not null,
  -- Publishable keys only: they are public by design (printed in every shop page).
  publishable_key text,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz,
  check (kind = 'publishable' or publishable_key is null)
);
create unique index business_api_keys_hash_idx on business_api_keys (key_hash);
create index business_api_keys_business_idx on business_api_keys (business_id, created_at desc);

-- One referral-tracking call (spec §7): ipick's web app sending a shopper to a merchant.
create table merchant_referrals (
  id uuid primary key,
  referral_id text not null,
  business_id uuid not null references businesses (id) on delete cascade,
  occurred_at timestamptz not null default now(),
  target_url text not null,
  source_url text,
  product_name text,
  -- The signed-in shopper (from the session, not the body) and ipick's session id.
  user_id uuid,
  session_id text,
  utm_source text,
  utm_medium text,
  utm_campaign text
);
create unique index merchant_referrals_referral_idx on merchant_referrals (referral_id);
create index merchant_referrals_business_time_idx on merchant_referrals (business_id, occurred_at);
create index merchant_referrals_session_idx on merchant_referrals (business_id, session_id)
  where session_id is not null;

-- Events sent by ipick's snippet on merchant pages (page_view, add_to_cart, purchase, custom).
create table tracking_events (
  id uuid primary key,
  business_id uuid not null references businesses (id) on delete cascade,
  event_type text not null,
  event_data jsonb not null default '{}',
  -- The page's own time (eventData.timestamp) when plausible, else when it arrived.
  occurred_at timestamptz not null,
  received_at timestamptz not null default now(),
  session_id text,
  -- The merchant's id of its shopper, as the page gave it.
  user_id text,
  url text,
  referral_id text,
  click_id uuid,
  visitor_id text
);
create index tracking_events_business_time_idx on tracking_events (business_id, occurred_at);
create index tracking_events_visitor_idx on tracking_events (business_id, visitor_id)
  where visitor_id is not null;
create index tracking_events_referral_idx on tracking_events (business_id, referral_id)
  where referral_id is not null;
create index tracking_events_session_idx on tracking_events (business_id, session_id)
  where session_id is not null;

-- Leads, sales and refunds, from the conversion API (server) or a purchase event (browser).
create table conversions (
  id uuid primary key,
  business_id uuid not null references businesses (id) on delete cascade,
  kind text not null check (kind in ('lead', 'sale', 'refund')),
  order_id text not null,
  amount_minor bigint not null default 0 check (amount_minor >= 0),
  currency text,
  click_id uuid,
  referral_id text,
  visitor_id text,
  session_id text,
  source text not null check (source in ('server', 'browser')),
  occurred_at timestamptz not null,
  received_at timestamptz not null default now()
);
-- A retried call or a reloaded thank-you page records nothing new.
create unique index conversions_dedup_idx on conversions (business_id, kind, order_id);
create index conversions_business_time_idx on conversions (business_id, occurred_at);

-- How a business's conversions are credited; a business without a row has the defaults.
create table business_settings (
  business_id uuid primary key references businesses (id) on delete cascade,
  attribution_window_days integer not null default 30
    check (attribution_window_days between 1 and 365),
  attribution_model text not null default 'last_click'
    check (attribution_model in ('last_click', 'first_click', 'linear', 'position_based')),
  updated_at timestamptz not null default now()
);
