-- Every click writes each index of its table before its redirect is answered, so the ledger
-- keeps only indexes that pay their way: the activity feed's index (0012) covers the business
-- look-ups of 0009's, and a BRIN index serves time ranges of a table written in time order at
-- a fraction of a b-tree's upkeep.
drop index clicks_business_time_idx;
drop index clicks_time_idx;
create index clicks_time_brin_idx on clicks using brin (occurred_at);
