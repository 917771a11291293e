-- Background jobs (mapping cache, data sync) beat a heart: a job whose instance died is recognised as
-- abandoned instead of blocking every later start. The sync also reports its progress and failure.
ALTER TABLE article_mapping_cache_job ADD COLUMN heartbeat_at timestamptz NOT NULL DEFAULT now();

ALTER TABLE etl_sync_run
  ADD COLUMN heartbeat_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN processed integer NOT NULL DEFAULT 0,
  ADD COLUMN total integer NOT NULL DEFAULT 0,
  ADD COLUMN current_file text,
  ADD COLUMN error text;
