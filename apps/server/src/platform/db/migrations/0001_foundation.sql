-- Trigram similarity, for product-title search (catalog and compare).
create extension if not exists pg_trgm;

-- Small facts about this installation (e.g. when the demo data was loaded).
create table app_state (
  key text primary key,
  value jsonb not null,
  updated_at timestamptz not null default now()
);
