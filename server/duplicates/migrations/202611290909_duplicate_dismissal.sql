-- "Kein Duplikat": a pair the administration or the sales lead looked at and found to be two customers. Kept (who,
-- when), so that neither the background job nor the check on save proposes the pair again; the mark is also in the
-- Änderungsverlauf of the first customer.
CREATE TABLE duplicate_dismissal (
  customer_id integer NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
  other_id integer NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
  dismissed_by text NOT NULL,
  dismissed_by_oid text,
  dismissed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (customer_id, other_id),
  CHECK (customer_id < other_id)
);
CREATE INDEX duplicate_dismissal_other_idx ON duplicate_dismissal (other_id);
