-- Every email ipick sends, whether it went out over SMTP or only to the log (no SMTP_URL), so
-- the demo works offline and the admin can see what was sent.
create table mail_outbox (
  id uuid primary key default gen_random_uuid(),
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text,
  status text not null check (status in ('sent', 'failed', 'logged')),
  error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);

create index mail_outbox_created_at_idx on mail_outbox (created_at desc);
