-- Which of a shop's conversions ipick sent is decided by the ids the shop reports back: the
-- referral id and ipick's session id of a click (attribution, journeys, the dashboard's
-- figures and its "From ipick" badges). Only clicks to a merchant carry ids a shop can report,
-- so only those clicks are indexed; a retailer click writes neither index. The business comes
-- first so that a look-up within one business is plainly narrower than the activity feed's
-- index, even to a planner without statistics (PGlite has no autovacuum).
create index clicks_business_referral_idx on clicks (business_id, referral_id)
  where business_id is not null;
create index clicks_business_session_idx on clicks (business_id, session_id)
  where business_id is not null and session_id is not null;
