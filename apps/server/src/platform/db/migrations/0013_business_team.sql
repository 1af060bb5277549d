-- Merchant team invitations (module business-setup): an owner invites a colleague by email;
-- the emailed link carries a token, of which only the SHA-256 is kept. Accepting adds the
-- signed-in user to `business_members`.

create table business_invitations (
  id uuid primary key,
  business_id uuid not null references businesses (id) on delete cascade,
  -- Lower case; the accepting user's primary email must be this one.
  email text not null,
  token_hash text not null,
  invited_by uuid references identity_users (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  accepted_at timestamptz,
  accepted_by uuid references identity_users (id) on delete set null,
  revoked_at timestamptz
);
create unique index business_invitations_token_idx on business_invitations (token_hash);
-- At most one open invitation per business and address; inviting again replaces it.
create unique index business_invitations_pending_idx on business_invitations (business_id, email)
  where accepted_at is null and revoked_at is null;
create index business_invitations_business_idx on business_invitations (business_id, created_at desc);
