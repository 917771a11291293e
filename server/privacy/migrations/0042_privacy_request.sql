-- Data-protection requests answered (Art. 15 information, Art. 17 erasure): who, when, for which customer and
-- why. It holds no personal data of the customer, so it outlives an erasure as its proof.
CREATE TABLE privacy_request (
  id serial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('auskunft', 'loeschung')),
  customer_id integer NOT NULL REFERENCES customer (id),
  customer_number text,
  reason text,
  requested_by_oid text NOT NULL,
  requested_by_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX privacy_request_customer_idx ON privacy_request (customer_id, created_at DESC);
