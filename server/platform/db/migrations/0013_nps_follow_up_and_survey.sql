-- NPS: a detractor's answer gets a due todo (an activity) for the customer's Betreuer; the answer
-- remembers it, so the list can show whether it was followed up.
ALTER TABLE nps_answer ADD COLUMN follow_up_activity_id integer REFERENCES activity (id) ON DELETE SET NULL;
CREATE INDEX nps_answer_branch_idx ON nps_answer (branch_id, answered_at);
CREATE INDEX nps_answer_seller_idx ON nps_answer (seller_user_id, answered_at);

-- A survey mailed to a customer: the link carries a random token; only its SHA-256 is kept, so neither the
-- database nor the sent mail (which stores the link masked) can answer in the customer's name. One use,
-- then used_at is set; after expires_at the link no longer works.
CREATE TABLE nps_survey (
  id serial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  customer_id integer NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
  vorgang_id integer REFERENCES vorgang (id) ON DELETE SET NULL,
  sent_mail_id integer REFERENCES sent_mail (id) ON DELETE SET NULL,
  sent_by text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  answer_id integer REFERENCES nps_answer (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX nps_survey_customer_idx ON nps_survey (customer_id);

