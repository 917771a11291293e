-- An offer sent online: one row per link mailed to the customer. Only the token's SHA-256 is kept. The link
-- works while `state` is 'offen' and until `valid_until` (the offer's Gültig bis); a decision, a newer offer
-- sent for the same Vorgang ('ersetzt') or the seller's withdrawal ends it. The follow-up cadence reads
-- `sent_at`, the openings, `state` and `follow_up_stopped_at` ("Nachfassen beenden").
CREATE TABLE offer_link (
  id serial PRIMARY KEY,
  vorgang_id integer NOT NULL REFERENCES vorgang (id) ON DELETE CASCADE,
  beleg_id integer NOT NULL REFERENCES beleg (id) ON DELETE CASCADE,
  customer_id integer NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  email text NOT NULL,
  sent_by text NOT NULL,
  sent_mail_id integer REFERENCES sent_mail (id) ON DELETE SET NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  valid_until date NOT NULL,
  state text NOT NULL DEFAULT 'offen'
    CONSTRAINT offer_link_state_check CHECK (state IN ('offen', 'angenommen', 'abgelehnt', 'zurueckgezogen', 'ersetzt')),
  decided_at timestamptz,
  open_count integer NOT NULL DEFAULT 0,
  first_opened_at timestamptz,
  last_opened_at timestamptz,
  follow_up_stopped_at timestamptz,
  follow_up_stopped_by text
);
CREATE INDEX offer_link_vorgang_idx ON offer_link (vorgang_id, sent_at DESC);
CREATE INDEX offer_link_customer_idx ON offer_link (customer_id);
-- The cadence's sweep: the open links by the day they were sent.
CREATE INDEX offer_link_open_idx ON offer_link (sent_at) WHERE state = 'offen';
