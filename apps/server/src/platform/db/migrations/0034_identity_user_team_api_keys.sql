-- API keys that users and teams issue for themselves (stack-auth.md §3.15). The secret is shown
-- once and kept only as a SHA-256 hash; the last four characters stay to tell keys apart.

create table identity_owner_api_keys (
  id uuid primary key,
  project_id uuid not null references identity_projects (id) on delete cascade,
  type text not null check (type in ('user', 'team')),
  user_id uuid references identity_users (id) on delete cascade,
  team_id uuid references identity_teams (id) on delete cascade,
  description text not null,
  secret_hash text not null unique,
  last_four text not null,
  is_public boolean not null default false,
  created_at timestamptz not null default now(),
  expires_at timestamptz,
  manually_revoked_at timestamptz,
  check ((type = 'user') = (user_id is not null) and (type = 'team') = (team_id is not null))
);
create index identity_owner_api_keys_user_idx on identity_owner_api_keys (user_id, created_at);
create index identity_owner_api_keys_team_idx on identity_owner_api_keys (team_id, created_at);
