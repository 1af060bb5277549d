-- The admin area (module admin): disabled accounts, why a business was suspended, and a log of
-- every change an admin makes.

-- A disabled user cannot sign in; their sessions are ended when they are disabled.
create table auth_disabled_users (
  user_id uuid primary key references identity_users (id) on delete cascade,
  disabled_at timestamptz not null default now(),
  disabled_by uuid references identity_users (id) on delete set null
);

-- Shown to the merchant on their dashboard while the business is suspended.
alter table businesses add column suspension_reason text;
alter table businesses add column suspended_at timestamptz;

-- One row per admin write, written in the same transaction as the write. The admin and the
-- target are kept as plain ids so the log outlives the accounts it mentions.
create table admin_audit_log (
  id uuid primary key,
  admin_user_id uuid not null,
  action text not null,
  target_type text not null,
  target_id text not null,
  details jsonb not null default '{}',
  created_at timestamptz not null default now()
);
create index admin_audit_log_created_idx on admin_audit_log (created_at desc, id desc);
create index admin_audit_log_target_idx on admin_audit_log (target_type, target_id, created_at desc);
