-- A user's choice per notification category (Stack Auth's email notification preferences).
-- A category the user never chose is at its default, so only choices are stored.
create table identity_notification_preferences (
  user_id uuid not null references identity_users (id) on delete cascade,
  category_id uuid not null,
  enabled boolean not null,
  updated_at timestamptz not null default now(),
  primary key (user_id, category_id)
);
