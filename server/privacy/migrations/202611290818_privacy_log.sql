-- The Datenschutz-Protokoll (Admin): beside the Auskunft and the erasure, every Excel export of records (who, what,
-- how many rows). An export names no single customer; `subject` says what was exported, `row_count` how much.
ALTER TABLE privacy_request ALTER COLUMN customer_id DROP NOT NULL;
-- The Löschliste re-applied after a restore is no person's request.
ALTER TABLE privacy_request ALTER COLUMN requested_by_oid DROP NOT NULL;
ALTER TABLE privacy_request DROP CONSTRAINT privacy_request_kind_check;
ALTER TABLE privacy_request ADD CONSTRAINT privacy_request_kind_check
  CHECK (kind IN ('auskunft', 'loeschung', 'export'));
ALTER TABLE privacy_request ADD COLUMN subject text;
ALTER TABLE privacy_request ADD COLUMN row_count integer;
CREATE INDEX privacy_request_created_idx ON privacy_request (created_at DESC, id DESC);
