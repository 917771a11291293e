-- Bulk jobs are worked off by the job library (pg-boss): each job's items are queued there in chunks when the
-- job is created. Expand only: a job the previous release creates during a rolling update has no chunks
-- queued (queued_at stays null); the new release queues them (bulkActions.adopt), while the previous
-- release's worker may still claim its items too (each item is changed under its row lock, once).
ALTER TABLE bulk_job ADD COLUMN queued_at timestamptz;
-- Jobs created before this release and still running are queued by the adopt job, not here: the library's
-- schema is installed after the migrations.
CREATE INDEX bulk_job_unqueued_idx ON bulk_job (id) WHERE state = 'laeuft' AND queued_at IS NULL;
