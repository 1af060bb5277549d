-- Team invitations (stack-auth.md §3.13) are single-use emailed codes like the others: hashed,
-- expiring and attempt-limited. `data.team_id` names the team; `email` the recipient.

alter table identity_verification_codes drop constraint identity_verification_codes_purpose_check;
alter table identity_verification_codes add constraint identity_verification_codes_purpose_check
  check (purpose in ('email_verification', 'password_reset', 'otp_sign_in', 'team_invitation'));

create index identity_verification_codes_team_invitations_idx
  on identity_verification_codes ((data ->> 'team_id'), created_at)
  where purpose = 'team_invitation';
