-- Two-factor sign-in with TOTP (stack-auth.md §3.3). The secret is `identity_users.totp_secret`.
-- A sign-in that proved the first factor gets an attempt code, stored hashed, that lives 5
-- minutes and completes one sign-in with a TOTP code.
create table identity_mfa_attempts (
  id uuid primary key,
  project_id uuid not null references identity_projects (id) on delete cascade,
  user_id uuid not null references identity_users (id) on delete cascade,
  code_hash text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index identity_mfa_attempts_user_idx on identity_mfa_attempts (user_id);

-- The time step of each user's last accepted TOTP code: a code is accepted once, and no older
-- one after it, so a code seen over someone's shoulder cannot be replayed within its window.
create table identity_totp_last_steps (
  user_id uuid primary key references identity_users (id) on delete cascade,
  time_step bigint not null
);
