-- Identity webhooks: each project's endpoints, the queue of messages to deliver (one row per
-- endpoint and event, so a slow endpoint holds up no other) and every delivery attempt.
create table identity_webhook_endpoints (
  id uuid primary key,
  project_id uuid not null references identity_projects (id) on delete cascade,
  url text not null,
  description text not null default '',
  -- Standard Webhooks signing secret, whsec_<base64>.
  secret text not null,
  -- null: every event type.
  event_types jsonb,
  disabled boolean not null default false,
  created_at timestamptz not null default now()
);
create index identity_webhook_endpoints_project on identity_webhook_endpoints (project_id);

create table identity_webhook_messages (
  id uuid primary key,
  project_id uuid not null references identity_projects (id) on delete cascade,
  endpoint_id uuid not null references identity_webhook_endpoints (id) on delete cascade,
  event_type text not null,
  -- The body sent: {type, data}.
  payload jsonb not null,
  -- pending, delivered, or failed (no retries left).
  status text not null default 'pending',
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  -- A worker holds the message until then; another may take it afterwards.
  locked_until timestamptz,
  created_at timestamptz not null default now()
);
create index identity_webhook_messages_due on identity_webhook_messages (next_attempt_at)
  where status = 'pending';
create index identity_webhook_messages_endpoint on identity_webhook_messages (endpoint_id, created_at desc);

create table identity_webhook_attempts (
  id uuid primary key,
  message_id uuid not null references identity_webhook_messages (id) on delete cascade,
  endpoint_id uuid not null references identity_webhook_endpoints (id) on delete cascade,
  attempt integer not null,
  -- succeeded (2xx) or failed.
  status text not null,
  -- null when no answer came (refused connection, timeout).
  response_status_code integer,
  response_body text,
  error text,
  duration_ms integer not null,
  attempted_at timestamptz not null default now()
);
create index identity_webhook_attempts_message on identity_webhook_attempts (message_id, attempt);

-- Tokens of POST /webhooks/svix-token: they let an operator manage the project's endpoints
-- and read the delivery log through /webhooks/portal/... Only their SHA-256 is kept.
create table identity_webhook_portal_tokens (
  token_hash text primary key,
  project_id uuid not null references identity_projects (id) on delete cascade,
  expires_at timestamptz not null
);
