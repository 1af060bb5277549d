-- Comparisons look up offers by the rarest words of a title (module compare). A full-text index
-- of title words answers that several times faster than the trigram index, which reads long
-- lists for every three letters of each word; the trigram index stays for similarity ranking.
create index offers_title_words_idx on offers using gin (to_tsvector('simple'::regconfig, title));
