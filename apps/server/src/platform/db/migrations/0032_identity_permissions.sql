-- Permissions granted to users (stack-auth.md §3.14): in a team (to a member, going when the
-- membership goes) and across the project. Definitions, with the permissions each contains,
-- live in the project's config until the admin tier manages them.

create table identity_team_permissions (
  team_id uuid not null,
  user_id uuid not null,
  project_id uuid not null references identity_projects (id) on delete cascade,
  permission_id text not null,
  created_at timestamptz not null default now(),
  primary key (team_id, user_id, permission_id),
  foreign key (team_id, user_id) references identity_team_members (team_id, user_id) on delete cascade
);

create table identity_project_permissions (
  user_id uuid not null references identity_users (id) on delete cascade,
  project_id uuid not null references identity_projects (id) on delete cascade,
  permission_id text not null,
  created_at timestamptz not null default now(),
  primary key (user_id, permission_id)
);
