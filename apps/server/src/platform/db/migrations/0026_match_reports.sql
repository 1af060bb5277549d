-- A shopper's report that a listing the comparison matched is not the same product (issue 18),
-- kept with both listings as the shopper saw them (titles, links, prices: the offers may change
-- or go later) and the score and tier shown. An admin confirms or rejects it; a confirmed pair
-- is never shown as the same product again and becomes a labelled non-match for training.
create table match_reports (
  id uuid primary key,
  -- The comparison it was shown in (compare_requests.id; those may be cleaned up one day).
  request_id uuid not null,
  status text not null default 'pending' check (status in ('pending', 'confirmed', 'rejected')),
  -- The pasted product: a catalog offer when ipick knows it, else only its link.
  left_offer_id uuid references offers (id) on delete set null,
  left_url text not null,
  left_title text not null,
  left_brand text,
  left_retailer_name text not null,
  left_price_minor bigint,
  left_currency text,
  -- The listing shown as the same product.
  right_offer_id uuid references offers (id) on delete set null,
  right_url text not null,
  right_title text not null,
  right_brand text,
  right_retailer_name text not null,
  right_price_minor bigint,
  right_currency text,
  score double precision not null check (score >= 0 and score <= 1),
  tier text not null check (tier in ('same', 'probable', 'similar')),
  reasons jsonb not null default '[]',
  note text,
  -- Null for a shopper who was not signed in.
  reporter_user_id uuid references identity_users (id) on delete set null,
  created_at timestamptz not null default now(),
  reviewed_at timestamptz,
  reviewed_by uuid references identity_users (id) on delete set null
);

-- The admins' queue, per status in time order.
create index match_reports_queue_idx on match_reports (status, created_at);
-- A comparison asks which listings an admin confirmed as another product than the pasted one,
-- whichever side of a report each was on.
create index match_reports_confirmed_left_offer_idx on match_reports (left_offer_id)
  where status = 'confirmed';
create index match_reports_confirmed_left_url_idx on match_reports (left_url)
  where status = 'confirmed';
create index match_reports_confirmed_right_offer_idx on match_reports (right_offer_id)
  where status = 'confirmed';
-- A signed-in shopper's report of a pair they already reported is the same report.
create index match_reports_reporter_idx on match_reports (reporter_user_id, right_offer_id)
  where reporter_user_id is not null;
