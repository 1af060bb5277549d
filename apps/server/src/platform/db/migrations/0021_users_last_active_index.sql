-- The user list ordered by last activity (GET /api/v1/users?order_by=last_active_at) pages one
-- project's users by (last_active_at, id), the way 0002's index serves signed_up_at: the same
-- columns in the same order let PostgreSQL read a page, and seek to a cursor, from the index
-- instead of sorting every user of the project. Activity is written on sign-in and on each
-- token refresh, not on every request, so the index costs those writes little.
create index identity_users_project_last_active_idx
  on identity_users (project_id, last_active_at, id);
