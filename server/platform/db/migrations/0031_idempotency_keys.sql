-- Creation is idempotent on the server. A client sends an Idempotency-Key (a UUID per form
-- opening, later per entry of the phone app's offline outbox); the first request with it stores its answer here
-- in the same transaction as the record it creates, so a repeat (a double click, a retry after a lost answer)
-- gets that answer again instead of a second record (server/platform/idempotency/).
-- Keys belong to the caller (directory oid): the same key from another person never collides.
CREATE TABLE idempotency_key (
  caller_oid text NOT NULL,
  key uuid NOT NULL,
  -- SHA-256 of method, route and body: the same key with other data is refused (422), not replayed.
  request_hash text NOT NULL,
  response_status integer NOT NULL DEFAULT 200,
  -- The handler's result as JSON text (json keeps it byte for byte; jsonb would reorder its keys).
  response_body json,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (caller_oid, key)
);

-- The pruning job deletes keys older than 7 days (the offline outbox may retry that long).
CREATE INDEX idempotency_key_created_at_idx ON idempotency_key (created_at);
