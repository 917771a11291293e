-- Bulk actions: one job per action on a selection of rows. The selection is resolved into
-- bulk_job_item rows when the job is created (the ids the caller ticked, or every row the list's filter
-- matches then), each with the version seen then; any instance works the open items off, one short
-- transaction per item (FOR UPDATE SKIP LOCKED), so a job survives a restart and never locks the table.
CREATE TABLE bulk_job (
  id serial PRIMARY KEY,
  target text NOT NULL CHECK (target IN ('kunden')),
  action jsonb NOT NULL,
  state text NOT NULL DEFAULT 'laeuft' CHECK (state IN ('laeuft', 'fertig')),
  total integer NOT NULL DEFAULT 0,
  -- Who started it: the per-item permission check and the Änderungsverlauf name this person.
  caller jsonb NOT NULL,
  created_by_oid text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX bulk_job_running_idx ON bulk_job (id) WHERE state = 'laeuft';

CREATE TABLE bulk_job_item (
  job_id integer NOT NULL REFERENCES bulk_job (id) ON DELETE CASCADE,
  record_id integer NOT NULL,
  seen_version integer,
  state text NOT NULL DEFAULT 'offen' CHECK (state IN ('offen', 'erledigt', 'abgelehnt')),
  reason text,
  PRIMARY KEY (job_id, record_id)
);
CREATE INDEX bulk_job_item_open_idx ON bulk_job_item (job_id, record_id) WHERE state = 'offen';
