-- The click ledger (module referral): one row per outbound click through /api/redirect, and the
-- daily salts of the visitor hash.
--
-- No foreign keys on purpose: a ledger records what happened, so a click keeps the ids it was
-- made with after an offer, product, retailer or business is deleted, and an append-only table
-- this size is never scanned by a cascade.

create table clicks (
  id uuid primary key,
  occurred_at timestamptz not null default now(),
  -- Where the visitor was sent (or offered to go, on the interstitial page), in full.
  target_url text not null,
  -- Lowercased, without `www.`.
  target_host text not null,
  retailer_id uuid,
  offer_id uuid,
  product_id uuid,
  -- The merchant account whose domain the target is on.
  business_id uuid,
  -- The web app's session id and the signed-in shopper, if any.
  session_id text,
  user_id uuid,
  -- The UTM values of the ipick visit that made the click.
  utm_source text,
  utm_medium text,
  utm_campaign text,
  utm_term text,
  utm_content text,
  -- The ipick page the click came from, and the Referer header as sent.
  page text,
  referrer text,
  device_type text,
  browser text,
  os text,
  -- ISO 3166 alpha-2, from the edge's header when there is one.
  country text,
  -- Bots, previews and prefetches are kept but flagged, so counts can leave them out.
  is_bot boolean not null default false,
  bot_reason text,
  -- IPv4 with the last octet zeroed, IPv6 cut to its /48: never the full address.
  ip_truncated text,
  -- SHA-256 of address, user agent and the day's salt: counts unique visitors within a day and
  -- cannot be joined across days once the salt is deleted.
  identity_hash text,
  referral_id text not null
);
create index clicks_business_time_idx on clicks (business_id, occurred_at) where business_id is not null;
create index clicks_retailer_time_idx on clicks (retailer_id, occurred_at) where retailer_id is not null;
create index clicks_time_idx on clicks (occurred_at);

-- One random salt per UTC day, made on the day's first click; deleted two days later.
create table click_salts (
  day date primary key,
  salt text not null,
  created_at timestamptz not null default now()
);
