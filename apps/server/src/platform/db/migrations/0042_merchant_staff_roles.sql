-- Merchant staff on the identity service's teams (issue 22): a business has an identity team
-- whose members are its staff, invitations are the team's emailed invitations, and staff get
-- a role: owner, admin or member. Owners and admins manage keys and the team; members read.

alter table business_members drop constraint business_members_role_check;
alter table business_members
  add constraint business_members_role_check check (role in ('owner', 'admin', 'member'));

-- Made when the business first invites someone; a team deleted over the API unlinks it.
alter table businesses
  add column identity_team_id uuid references identity_teams (id) on delete set null;
create unique index businesses_identity_team_idx on businesses (identity_team_id);

-- The identity invitation that carries this one's emailed code (its accept joins the business).
alter table business_invitations add column identity_invitation_id uuid;
create index business_invitations_identity_idx on business_invitations (identity_invitation_id);
