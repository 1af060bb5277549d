-- A referral-tracking call made by a bot (a crawler or headless browser running ipick's page) is
-- kept, like a bot's click in the ledger, but flagged with its reason and left out of journeys
-- and figures. Calls recorded before this were taken for people.
alter table merchant_referrals add column is_bot boolean not null default false;
alter table merchant_referrals add column bot_reason text;
