-- Bulk actions on Fällige Labels: a due label is not a row with an id of its own but a label on a
-- Vorgang or a customer, named by its key (vorgangLabel:<id>:<label>, kundeLabel:<id>:<label>), and its due
-- date is what the single action checks instead of a version. Such an item keeps its key and the due date the
-- caller saw; its record_id is then only its place in the job (the key, not the id, says which label).
ALTER TABLE bulk_job DROP CONSTRAINT bulk_job_target_check;
ALTER TABLE bulk_job ADD CONSTRAINT bulk_job_target_check
  CHECK (target IN ('kunden', 'vorgaenge', 'faelligeLabels'));
ALTER TABLE bulk_job_item ADD COLUMN item_key text, ADD COLUMN seen_due_date date;
