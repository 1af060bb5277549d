-- The merchant dashboard's products page: how ipick shoppers compared and clicked a merchant's
-- offers, and the progress of a running feed import.

-- The offers a comparison listed (same product and alternatives), so one offer's comparisons
-- are found through the index instead of reading every stored result. Queries must use this
-- exact expression.
create index compare_requests_listed_offers_idx on compare_requests using gin (
  (jsonb_path_query_array(result, '$.sameProduct[*].offerId')
    || jsonb_path_query_array(result, '$.alternatives[*].offerId'))
);
-- The pasted product's address: comparisons that started from a merchant's own product page.
create index compare_requests_pasted_url_idx on compare_requests ((result -> 'product' ->> 'url'));

-- Clicks out to one offer.
create index clicks_offer_idx on clicks (offer_id) where offer_id is not null;

-- Progress of a running import: which pass it is in and, for an upload, how much of the file
-- has been read.
alter table feed_imports
  add column phase text check (phase in ('reading', 'writing')),
  add column bytes_read bigint check (bytes_read >= 0),
  add column bytes_total bigint check (bytes_total >= 0);
