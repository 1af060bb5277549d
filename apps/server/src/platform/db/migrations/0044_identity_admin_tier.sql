-- The identity admin tier (stack-auth.md §3.17): an internal project whose users own the other
-- projects through its teams, the admin project fields, and API keys stored as hashes.

alter table identity_projects
  add column is_internal boolean not null default false,
  -- A team of the internal project; its members may manage this project (projectOwnerSession).
  add column owner_team_id uuid references identity_teams (id) on delete set null,
  add column is_development_environment boolean not null default false,
  add column logo_url text,
  add column logo_full_url text,
  add column logo_dark_mode_url text,
  add column logo_full_dark_mode_url text;
create unique index identity_projects_internal_idx on identity_projects (is_internal) where is_internal;
create index identity_projects_owner_team_idx on identity_projects (owner_team_id);

-- Keys are checked by their SHA-256 hash; keys issued through the admin tier keep only the hash
-- and their last four characters. The operator's own set (npm run identity:keys) stays readable.
alter table identity_api_keys
  add column publishable_client_key_hash text unique,
  add column secret_server_key_hash text unique,
  add column super_secret_admin_key_hash text unique,
  add column publishable_client_key_last_four text,
  add column secret_server_key_last_four text,
  add column super_secret_admin_key_last_four text;

update identity_api_keys set
  publishable_client_key_hash = encode(sha256(convert_to(publishable_client_key, 'UTF8')), 'hex'),
  publishable_client_key_last_four = right(publishable_client_key, 4)
where publishable_client_key is not null;
update identity_api_keys set
  secret_server_key_hash = encode(sha256(convert_to(secret_server_key, 'UTF8')), 'hex'),
  secret_server_key_last_four = right(secret_server_key, 4)
where secret_server_key is not null;
update identity_api_keys set
  super_secret_admin_key_hash = encode(sha256(convert_to(super_secret_admin_key, 'UTF8')), 'hex'),
  super_secret_admin_key_last_four = right(super_secret_admin_key, 4)
where super_secret_admin_key is not null;
