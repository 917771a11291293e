-- Likely duplicate customers. The background job (server/duplicates/computeDuplicates.ts) reduces every customer
-- to what the duplicate score compares (folded name words, e-mail, phones in E.164, street, PLZ; the rule is
-- src/resources/duplicates/duplicateScore.rules.ts and needs libphonenumber-js, so the keys are computed in the
-- application, not in SQL), remembers which version it read, and writes the pairs that score high enough.
CREATE TABLE customer_match_key (
  customer_id integer PRIMARY KEY REFERENCES customer (id) ON DELETE CASCADE,
  customer_version integer NOT NULL,
  name_tokens text[] NOT NULL,
  name_key text,
  email text,
  phones text[] NOT NULL,
  street text,
  zip text
);
-- The blocks the job looks for pairs in, and the entry form's candidates.
CREATE INDEX customer_match_key_name_idx ON customer_match_key (name_key);
CREATE INDEX customer_match_key_name_tokens_idx ON customer_match_key USING gin (name_tokens);
CREATE INDEX customer_match_key_email_idx ON customer_match_key (email);
CREATE INDEX customer_match_key_phones_idx ON customer_match_key USING gin (phones);
CREATE INDEX customer_match_key_address_idx ON customer_match_key (zip, street);

-- One row per likely pair (the lower id first), replaced as a whole by each run of the job.
CREATE TABLE duplicate_pair (
  customer_id integer NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
  other_id integer NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
  score integer NOT NULL,
  reasons text[] NOT NULL,
  computed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (customer_id, other_id),
  CHECK (customer_id < other_id)
);
-- The list opens sorted by score: this index answers its ORDER BY … LIMIT directly.
CREATE INDEX duplicate_pair_score_idx ON duplicate_pair (score DESC, customer_id, other_id);
CREATE INDEX duplicate_pair_other_idx ON duplicate_pair (other_id);
