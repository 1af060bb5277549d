-- OAuth sign-in and connected accounts (stack-auth.md §3.6). Each row links a user to an account
-- at one of the project's OAuth providers (`provider_config_id`, the id in the project's
-- config). The provider's tokens are kept for connected accounts, encrypted with the server's
-- identity key (AES-256-GCM), never in clear.
create table identity_oauth_accounts (
  id uuid primary key,
  project_id uuid not null references identity_projects (id) on delete cascade,
  user_id uuid not null references identity_users (id) on delete cascade,
  provider_config_id text not null,
  provider_type text not null,
  account_id text not null,
  email text,
  allow_sign_in boolean not null default true,
  allow_connected_accounts boolean not null default true,
  access_token_encrypted text,
  refresh_token_encrypted text,
  access_token_expires_at timestamptz,
  scopes text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- An account at a provider belongs to one user of a project.
create unique index identity_oauth_accounts_account_idx
  on identity_oauth_accounts (project_id, provider_config_id, account_id);
create index identity_oauth_accounts_user_idx on identity_oauth_accounts (user_id);

-- The one-time codes the callback hands the client (the outer flow's authorization codes),
-- stored hashed, bound to the client's redirect_uri and PKCE challenge, redeemed once.
create table identity_oauth_codes (
  id uuid primary key,
  project_id uuid not null references identity_projects (id) on delete cascade,
  user_id uuid not null references identity_users (id) on delete cascade,
  code_hash text not null unique,
  code_challenge text not null,
  redirect_uri text not null,
  is_new_user boolean not null,
  after_callback_redirect_url text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index identity_oauth_codes_user_idx on identity_oauth_codes (user_id);
