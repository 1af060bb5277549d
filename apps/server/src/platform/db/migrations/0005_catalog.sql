-- The catalog (module catalog): retailers, canonical products, the offers retailers list
-- them with, every price seen, and merchant feed imports. Money is integer minor units.

create table retailers (
  id uuid primary key,
  -- 'amazon', 'walmart', ... for the nine known retailers; the host for any other shop.
  key text not null unique,
  display_name text not null,
  hosts text[] not null,
  -- Spec §3/§9: the affiliate query parameter and id (placeholders until an admin sets them).
  affiliate_param text,
  affiliate_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index retailers_hosts_idx on retailers using gin (hosts);

create table products (
  id uuid primary key,
  title text not null,
  brand text,
  category text,
  image_url text,
  attributes jsonb not null default '{}',
  search_vector tsvector generated always as (
    to_tsvector('english', coalesce(brand, '') || ' ' || title)
  ) stored,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index products_title_trgm_idx on products using gin (title gin_trgm_ops);
create index products_search_idx on products using gin (search_vector);
create index products_category_idx on products (category);

-- GTINs (14-digit form), MPNs and model numbers (upper-case letters and digits only).
create table product_identifiers (
  product_id uuid not null references products (id) on delete cascade,
  kind text not null check (kind in ('gtin', 'mpn', 'model')),
  value text not null,
  primary key (kind, value, product_id)
);
create index product_identifiers_product_idx on product_identifiers (product_id);
create index products_brand_idx on products (lower(brand));

create table offers (
  id uuid primary key,
  retailer_id uuid not null references retailers (id) on delete cascade,
  retailer_product_id text not null,
  product_id uuid references products (id) on delete set null,
  url text not null,
  title text not null,
  brand text,
  gtin text,
  mpn text,
  image_url text,
  price_minor bigint check (price_minor >= 0),
  currency text check (currency ~ '^[A-Z]{3}$'),
  availability text check (availability in ('in_stock', 'out_of_stock', 'preorder', 'backorder', 'limited', 'discontinued')),
  condition text check (condition in ('new', 'used', 'refurbished')),
  shipping_minor bigint check (shipping_minor >= 0),
  -- Which feed import last saw this offer; a full re-import marks the others out of stock.
  last_import_id uuid,
  first_seen_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (retailer_id, retailer_product_id)
);
create index offers_product_idx on offers (product_id);
create index offers_title_trgm_idx on offers using gin (title gin_trgm_ops);
create index offers_gtin_idx on offers (gtin) where gtin is not null;

-- Every price an offer was seen at, for price history.
create table price_observations (
  offer_id uuid not null references offers (id) on delete cascade,
  observed_at timestamptz not null default now(),
  price_minor bigint not null check (price_minor >= 0),
  currency text not null,
  availability text,
  primary key (offer_id, observed_at)
);

create table feed_imports (
  id uuid primary key,
  retailer_id uuid not null references retailers (id) on delete cascade,
  source text not null,
  status text not null check (status in ('running', 'completed', 'failed')),
  started_at timestamptz not null default now(),
  finished_at timestamptz,
  items_seen integer not null default 0,
  items_created integer not null default 0,
  items_updated integer not null default 0,
  items_unchanged integer not null default 0,
  items_rejected integer not null default 0,
  items_marked_out_of_stock integer not null default 0,
  -- The first rejected rows with their reasons (capped), for the import report.
  rejections jsonb not null default '[]',
  error text
);
create index feed_imports_retailer_idx on feed_imports (retailer_id, started_at desc);
