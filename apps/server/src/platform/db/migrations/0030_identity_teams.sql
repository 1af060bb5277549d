-- Teams of the identity service (stack-auth.md §3.11, §3.12): teams, their members and each
-- member's profile in the team. A user's selected team is one of the teams they belong to;
-- it is cleared when the team goes.

create table identity_teams (
  id uuid primary key,
  project_id uuid not null references identity_projects (id) on delete cascade,
  display_name text not null,
  profile_image_url text,
  client_metadata jsonb,
  client_read_only_metadata jsonb,
  server_metadata jsonb,
  created_at timestamptz not null default now()
);
create index identity_teams_project_created_idx on identity_teams (project_id, created_at, id);

create table identity_team_members (
  team_id uuid not null references identity_teams (id) on delete cascade,
  user_id uuid not null references identity_users (id) on delete cascade,
  project_id uuid not null references identity_projects (id) on delete cascade,
  -- The member's name and picture in this team; null falls back to the user's own.
  display_name text,
  profile_image_url text,
  created_at timestamptz not null default now(),
  primary key (team_id, user_id)
);
create index identity_team_members_user_idx on identity_team_members (user_id);

update identity_users set selected_team_id = null where selected_team_id is not null;
alter table identity_users
  add constraint identity_users_selected_team_fk
  foreign key (selected_team_id) references identity_teams (id) on delete set null;
