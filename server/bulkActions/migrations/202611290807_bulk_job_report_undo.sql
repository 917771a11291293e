-- Bulk jobs: a report of every record, a stale check on the fields the action changes, and undo.
-- `selection` says what was chosen (ticked rows, or the list's filter for "alle Treffer") for the admin's list of
-- jobs; `undoes_job_id` marks a job that reverses another one (at most one undo per job).
ALTER TABLE bulk_job ADD COLUMN selection jsonb;
ALTER TABLE bulk_job ADD COLUMN undoes_job_id integer REFERENCES bulk_job (id) ON DELETE SET NULL;
CREATE UNIQUE INDEX bulk_job_undoes_key ON bulk_job (undoes_job_id) WHERE undoes_job_id IS NOT NULL;
CREATE INDEX bulk_job_created_idx ON bulk_job (created_at DESC, id DESC);
-- Per item: whether the record was changed (a done item may have been as asked already): the report says so.
ALTER TABLE bulk_job_item ADD COLUMN changed boolean NOT NULL DEFAULT false;

-- The Änderungsverlauf names the bulk job a change was made by (and so an undo by its own job): what "Rückgängig
-- machen" reads the old values from.
ALTER TABLE change_record ADD COLUMN bulk_job_id integer;
CREATE INDEX change_record_bulk_job_idx ON change_record (bulk_job_id, record_id) WHERE bulk_job_id IS NOT NULL;
