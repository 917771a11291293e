-- The Löschliste: every customer erased under Art. 17, so that neither the ERP's data sync nor the restore of an
-- older backup brings the person back. It keeps the customer's id and ERP number and SHA-256 hashes of the e-mail
-- address and phone numbers (server/privacy/suppressionList.ts), never the values. IF NOT EXISTS: scripts/restore.sh
-- may create it in a restored database of a release before it, before the instances migrate that database.
CREATE TABLE IF NOT EXISTS erasure_suppression (
  customer_id integer PRIMARY KEY,
  customer_number text,
  email_hash text,
  phone_hashes text[] NOT NULL DEFAULT '{}',
  erased_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS erasure_suppression_number_idx ON erasure_suppression (customer_number)
  WHERE customer_number IS NOT NULL;
CREATE INDEX IF NOT EXISTS erasure_suppression_email_idx ON erasure_suppression (email_hash)
  WHERE email_hash IS NOT NULL;
CREATE INDEX IF NOT EXISTS erasure_suppression_phone_idx ON erasure_suppression USING gin (phone_hashes);

-- Erasures made before the list existed: their number and id (the values to hash are gone).
INSERT INTO erasure_suppression (customer_id, customer_number, erased_at)
SELECT DISTINCT ON (customer_id) customer_id, customer_number, created_at
FROM privacy_request WHERE kind = 'loeschung'
ORDER BY customer_id, created_at
ON CONFLICT (customer_id) DO NOTHING;
