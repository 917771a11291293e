-- Bulk actions, second step: jobs on the Vorgänge list too (Verkäufer, Eigener Status, labels).
ALTER TABLE bulk_job DROP CONSTRAINT bulk_job_target_check;
ALTER TABLE bulk_job ADD CONSTRAINT bulk_job_target_check CHECK (target IN ('kunden', 'vorgaenge'));
