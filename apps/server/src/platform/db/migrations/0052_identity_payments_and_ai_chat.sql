-- Identity payments: the changes of each customer's item quantities (a ledger: the quantity is
-- the sum of the changes that have not expired), and each project's connected Stripe account.
create table identity_item_quantity_changes (
  id uuid primary key,
  project_id uuid not null references identity_projects (id) on delete cascade,
  customer_type text not null,
  customer_id text not null,
  item_id text not null,
  delta bigint not null,
  -- null: never expires.
  expires_at timestamptz,
  description text,
  -- What made the change when it must happen once (a Stripe Checkout session id); else null.
  source text unique,
  created_at timestamptz not null default now()
);
create index identity_item_quantity_changes_customer
  on identity_item_quantity_changes (project_id, customer_type, customer_id, item_id);

create table identity_payment_accounts (
  project_id uuid primary key references identity_projects (id) on delete cascade,
  stripe_account_id text not null,
  created_at timestamptz not null default now()
);

-- AI chat: the messages of each conversation (thread) of a project's admin tier.
create table identity_ai_chat_messages (
  id uuid primary key,
  project_id uuid not null references identity_projects (id) on delete cascade,
  thread_id text not null,
  -- The message as the client sent it or the model answered it: {role, content, ...}.
  message jsonb not null,
  context_type text,
  created_at timestamptz not null default now()
);
create index identity_ai_chat_messages_thread
  on identity_ai_chat_messages (project_id, thread_id, created_at);
