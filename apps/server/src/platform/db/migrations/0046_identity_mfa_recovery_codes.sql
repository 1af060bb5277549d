-- Two-factor recovery codes (an ipick extension; Stack Auth has none). Each code is 80 random
-- bits, stored only as its SHA-256, and completes one two-factor sign-in in place of a TOTP
-- code. A set belongs to the TOTP secret it was made for (its fingerprint): a new secret, or
-- turning two-factor off, leaves the old codes unusable.
create table identity_mfa_recovery_codes (
  id uuid primary key,
  user_id uuid not null references identity_users (id) on delete cascade,
  secret_fingerprint text not null,
  code_hash text not null,
  created_at timestamptz not null default now(),
  used_at timestamptz,
  unique (user_id, code_hash)
);
