-- CLI login (stack-auth.md §3.8): a command-line app asks for a polling code and a login code;
-- a signed-in browser completes the login code; the app's next poll gets a session of its own.
-- Only hashes of the codes are kept. `user_id` is set when the browser completes the attempt,
-- `used_at` when the app has collected its session; `anon_user_id` is the CLI's anonymous user,
-- if it had one, for the confirm page to claim.

create table identity_cli_auth_attempts (
  id uuid primary key,
  project_id uuid not null references identity_projects (id) on delete cascade,
  polling_code_hash text not null unique,
  login_code_hash text not null unique,
  anon_user_id uuid references identity_users (id) on delete cascade,
  user_id uuid references identity_users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  completed_at timestamptz,
  used_at timestamptz
);
create index identity_cli_auth_attempts_expires_idx on identity_cli_auth_attempts (expires_at);
