-- Rows of the ERP export the sync skipped because the person was erased under Art. 17 (the Löschliste).
ALTER TABLE etl_sync_run ADD COLUMN suppressed_rows integer NOT NULL DEFAULT 0;
