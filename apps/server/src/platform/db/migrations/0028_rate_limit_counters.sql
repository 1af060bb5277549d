-- Rate-limit counters shared by every ipick process on this database (platform/http/
-- rate-limit-stores.ts): one row per key (a route's or guess counter's name and an address or
-- account), counting within a fixed window that ends at expires_at. Expired rows are swept by
-- the processes as they write. PGlite keeps its counters in memory and leaves this table empty.
create table rate_limit_counters (
  key text primary key,
  count integer not null,
  expires_at timestamptz not null
);
create index rate_limit_counters_expires_at on rate_limit_counters (expires_at);
