-- Passkeys (WebAuthn, stack-auth.md §3.5). A credential's public key (COSE, base64url) and its
-- signature counter, which must go up with each sign-in of an authenticator that counts: a
-- counter that goes back means a cloned authenticator, and the sign-in is refused.
create table identity_passkeys (
  id uuid primary key,
  project_id uuid not null references identity_projects (id) on delete cascade,
  user_id uuid not null references identity_users (id) on delete cascade,
  credential_id text not null,
  public_key text not null,
  counter bigint not null default 0,
  transports text not null default '',
  device_type text not null,
  backed_up boolean not null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz
);
create unique index identity_passkeys_credential_idx on identity_passkeys (project_id, credential_id);
create index identity_passkeys_user_idx on identity_passkeys (user_id);

-- Each ceremony's challenge, behind a one-time code (stored hashed) the client sends back with
-- the authenticator's answer; it lives as long as the ceremony's timeout and a little more.
create table identity_passkey_challenges (
  id uuid primary key,
  project_id uuid not null references identity_projects (id) on delete cascade,
  user_id uuid references identity_users (id) on delete cascade,
  kind text not null check (kind in ('registration', 'authentication')),
  code_hash text not null unique,
  challenge text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
