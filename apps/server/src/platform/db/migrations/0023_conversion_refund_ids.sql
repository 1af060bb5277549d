-- An order may be refunded in several parts. A refund may carry the shop's own id for it
-- (`refundId` in the conversion API), and refunds are deduplicated by business, order id and
-- refund id: the same refund sent again records nothing, a refund with a new id is a new one.
-- '' stands for "no refund id" (leads, sales, and refunds sent without one), so that the unique
-- key stays a plain column list that `on conflict` can name, on PGlite as on PostgreSQL; a
-- refund without an id is still one per order, as before.
alter table conversions add column refund_id text not null default '';

create unique index conversions_dedup_refund_idx
  on conversions (business_id, kind, order_id, refund_id);
drop index conversions_dedup_idx;
