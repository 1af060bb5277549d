-- Shoppers can make API keys of their own: ipick's identity project offers them from now on,
-- including projects made before the default changed.
update identity_projects
  set config = jsonb_set(config, '{allow_user_api_keys}', 'true'::jsonb);

-- A user's sign-up risk scores (Stack Auth's risk_scores.sign_up), 0-100, set by the server
-- tier when it creates a user (e.g. imported with a score from elsewhere); 0 means no risk seen.
alter table identity_users
  add column sign_up_risk_score_bot smallint not null default 0
    check (sign_up_risk_score_bot between 0 and 100),
  add column sign_up_risk_score_free_trial_abuse smallint not null default 0
    check (sign_up_risk_score_free_trial_abuse between 0 and 100);
