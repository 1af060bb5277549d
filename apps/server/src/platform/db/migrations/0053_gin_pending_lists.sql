-- A GIN index collects new entries in a pending list that every search through it reads from end
-- to end, until the list is merged into the index: by VACUUM (autovacuum on PostgreSQL; PGlite
-- has none) or once it passes gin_pending_list_limit, 4 MB by default. On PGlite a freshly
-- loaded catalog of 10,000 offers left 264 pending pages in the title-word index, and each title
-- search read them all: 35-65 ms for a look-up that takes 1-7 ms once they are merged. A limit
-- of 64 kB keeps new entries batched while bounding what a search has to read.
alter index offers_title_words_idx set (gin_pending_list_limit = 64);
alter index offers_title_trgm_idx set (gin_pending_list_limit = 64);
alter index products_title_trgm_idx set (gin_pending_list_limit = 64);
alter index products_search_idx set (gin_pending_list_limit = 64);

-- What is pending now is merged at once rather than at the next insert.
select gin_clean_pending_list('offers_title_words_idx'::regclass);
select gin_clean_pending_list('offers_title_trgm_idx'::regclass);
select gin_clean_pending_list('products_title_trgm_idx'::regclass);
select gin_clean_pending_list('products_search_idx'::regclass);
