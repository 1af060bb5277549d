-- Product accounts on top of the identity service (module auth): which users are ipick
-- admins, and merchant (business) accounts with the users who run them.

create table auth_admins (
  user_id uuid primary key references identity_users (id) on delete cascade,
  granted_at timestamptz not null default now()
);

create table businesses (
  id uuid primary key,
  name text not null,
  domain text not null,
  contact_email text not null,
  status text not null default 'pending' check (status in ('pending', 'active', 'suspended')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- One business per shop domain.
create unique index businesses_domain_idx on businesses (lower(domain));
create index businesses_status_idx on businesses (status, created_at desc);

create table business_members (
  business_id uuid not null references businesses (id) on delete cascade,
  user_id uuid not null references identity_users (id) on delete cascade,
  role text not null default 'owner' check (role in ('owner', 'member')),
  created_at timestamptz not null default now(),
  primary key (business_id, user_id)
);
create index business_members_user_idx on business_members (user_id);
