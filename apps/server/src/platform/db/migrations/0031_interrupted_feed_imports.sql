-- A feed import whose process died (SIGKILL, a crash, a restart) stayed "running" forever and
-- left its temporary files behind. Each import now says which process runs it and where its
-- temporary files are, so that a process starting on the same host marks the dead ones
-- 'interrupted' (keeping the counts they had reached) and removes their files; and whether it
-- was a full feed, so that the merchant can run it again as it was.
alter table feed_imports drop constraint feed_imports_status_check;
alter table feed_imports add constraint feed_imports_status_check
  check (status in ('running', 'completed', 'failed', 'interrupted'));
-- `<host> <pid> <start>`: the process's host name, pid and start time (data-dir-lock.ts).
alter table feed_imports add column runner text;
alter table feed_imports add column temp_dirs text[] not null default '{}';
alter table feed_imports add column is_full_feed boolean not null default false;
create index feed_imports_running_idx on feed_imports (started_at) where status = 'running';
