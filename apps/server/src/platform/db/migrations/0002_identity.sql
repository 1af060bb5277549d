-- The identity service (module identity): projects, users, credentials, sessions and codes,
-- shaped after the identity entities of spec §3 and the Stack Auth REST API contract.

create table identity_projects (
  id uuid primary key,
  display_name text not null,
  description text not null default '',
  created_at timestamptz not null default now(),
  is_production_mode boolean not null default false,
  -- Project config of spec §3 (sign_up_enabled, credential_enabled, domains, ...).
  config jsonb not null default '{}'
);

-- Internal project API keys (spec §3): kept as issued so an operator can read them again
-- with `npm run identity:keys`; whoever can read this table can read everything anyway.
create table identity_api_keys (
  id uuid primary key,
  project_id uuid not null references identity_projects (id) on delete cascade,
  description text not null,
  publishable_client_key text unique,
  secret_server_key text unique,
  super_secret_admin_key text unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz,
  manually_revoked_at timestamptz
);
create index identity_api_keys_project_idx on identity_api_keys (project_id);

-- ES256 keys that sign access tokens; the public halves are served as the project's JWKS.
create table identity_signing_keys (
  kid text primary key,
  project_id uuid not null references identity_projects (id) on delete cascade,
  private_jwk jsonb not null,
  public_jwk jsonb not null,
  created_at timestamptz not null default now()
);
create index identity_signing_keys_project_idx on identity_signing_keys (project_id, created_at);

create table identity_users (
  id uuid primary key,
  project_id uuid not null references identity_projects (id) on delete cascade,
  display_name text,
  profile_image_url text,
  signed_up_at timestamptz not null default now(),
  last_active_at timestamptz not null default now(),
  client_metadata jsonb,
  client_read_only_metadata jsonb,
  server_metadata jsonb,
  password_hash text,
  is_anonymous boolean not null default false,
  otp_auth_enabled boolean not null default false,
  passkey_auth_enabled boolean not null default false,
  totp_secret bytea,
  selected_team_id uuid,
  restricted_by_admin boolean not null default false,
  restricted_by_admin_reason text,
  restricted_by_admin_private_details text,
  country_code text
);
create index identity_users_project_signed_up_idx on identity_users (project_id, signed_up_at, id);
create index identity_users_display_name_trgm_idx on identity_users using gin (display_name gin_trgm_ops);

-- Email addresses of users; the primary one is the user's primary_email.
create table identity_contact_channels (
  id uuid primary key,
  project_id uuid not null references identity_projects (id) on delete cascade,
  user_id uuid not null references identity_users (id) on delete cascade,
  type text not null check (type = 'email'),
  value text not null,
  is_verified boolean not null default false,
  is_primary boolean not null default false,
  used_for_auth boolean not null default false,
  created_at timestamptz not null default now()
);
create index identity_contact_channels_user_idx on identity_contact_channels (user_id);
-- One account per sign-in email, compared case-insensitively.
create unique index identity_contact_channels_auth_email_idx
  on identity_contact_channels (project_id, type, lower(value)) where used_for_auth;
create unique index identity_contact_channels_primary_idx
  on identity_contact_channels (user_id) where is_primary;
create index identity_contact_channels_value_trgm_idx on identity_contact_channels using gin (value gin_trgm_ops);

-- Sessions; the refresh token itself is only ever stored as a SHA-256 hash.
create table identity_sessions (
  id uuid primary key,
  project_id uuid not null references identity_projects (id) on delete cascade,
  user_id uuid not null references identity_users (id) on delete cascade,
  refresh_token_hash text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  last_used_at timestamptz,
  last_used_ip text,
  is_impersonation boolean not null default false
);
create index identity_sessions_user_idx on identity_sessions (user_id, created_at desc);

-- Single-use codes for email verification, password reset and sign-in links. Only hashes are
-- stored; `nonce_hash` (the code without its first six characters) groups the attempts.
create table identity_verification_codes (
  id uuid primary key,
  project_id uuid not null references identity_projects (id) on delete cascade,
  purpose text not null check (purpose in ('email_verification', 'password_reset', 'otp_sign_in')),
  code_hash text not null unique,
  nonce_hash text not null unique,
  user_id uuid references identity_users (id) on delete cascade,
  email text,
  data jsonb not null default '{}',
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  attempt_count integer not null default 0
);
create index identity_verification_codes_expiry_idx on identity_verification_codes (expires_at);
