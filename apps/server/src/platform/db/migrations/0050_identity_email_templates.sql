-- Operators' email templates and themes (TSX), and the log of identity mail sent.
-- A project's default templates and theme live in code until an operator edits one; the edit
-- is stored here under the default's id.
create table identity_email_themes (
  project_id uuid not null references identity_projects (id) on delete cascade,
  id uuid not null,
  display_name text not null,
  tsx_source text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (project_id, id)
);

create table identity_email_templates (
  project_id uuid not null references identity_projects (id) on delete cascade,
  id uuid not null,
  display_name text not null,
  tsx_source text not null,
  -- null: the project's theme; 'none': no theme; a theme's id otherwise.
  theme_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (project_id, id)
);

create table identity_sent_emails (
  id uuid primary key,
  project_id uuid not null references identity_projects (id) on delete cascade,
  to_address text not null,
  subject text not null,
  html_body text,
  text_body text not null,
  -- null when the mail server accepted it.
  error text,
  sent_at timestamptz not null default now()
);
create index identity_sent_emails_project_sent_at on identity_sent_emails (project_id, sent_at desc);
