-- A signed-in shopper's lists (module shopper): the comparisons they ran and the products they
-- favourited. Both belong to the identity user and go with them. The product fields are copied
-- from the comparison, so a list still reads the same after the catalog has moved on.

create table search_history (
  user_id uuid not null references identity_users (id) on delete cascade,
  -- The comparison's request id (compare_requests.id); running it again updates the entry.
  request_id uuid not null,
  url text not null,
  path text not null,
  title text not null,
  retailer_name text not null,
  price_minor bigint,
  currency text,
  image_url text,
  same_product_count integer not null,
  alternatives_count integer not null,
  compared_at timestamptz not null default now(),
  primary key (user_id, request_id)
);
-- Newest first per shopper, and the cut-off that keeps only the newest HISTORY_LIMIT.
create index search_history_user_compared_idx on search_history (user_id, compared_at desc, request_id desc);

create table favorites (
  id uuid primary key,
  user_id uuid not null references identity_users (id) on delete cascade,
  -- The comparison it was favourited from; comparisons are not kept forever, so no reference.
  request_id uuid,
  path text,
  url text not null,
  title text not null,
  retailer_name text not null,
  price_minor bigint,
  currency text,
  image_url text,
  created_at timestamptz not null default now(),
  -- A shopper has each product link at most once.
  unique (user_id, url)
);
create index favorites_user_created_idx on favorites (user_id, created_at desc, id desc);

-- Browsing the catalog and the landing examples count every product's offers, retailers and
-- lowest price; on PostgreSQL this index answers that without reading the offers themselves
-- (an index-only scan), which halves the time of a browse page at 100,000 offers.
create index offers_product_retailer_price_idx on offers (product_id, retailer_id, price_minor);
