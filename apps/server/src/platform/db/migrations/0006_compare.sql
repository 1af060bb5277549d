-- Comparison results by request id (module compare), so a results page can be reloaded or
-- opened in a new tab (spec §2).
create table compare_requests (
  id uuid primary key,
  url text not null,
  result jsonb not null,
  created_at timestamptz not null default now()
);
create index compare_requests_created_idx on compare_requests (created_at);
