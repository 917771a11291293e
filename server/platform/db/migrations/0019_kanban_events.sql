-- Kartenansicht live: every board move is a row here, written in the move's transaction; its id is
-- the SSE id, so a reconnecting stream replays what it missed. pg_notify('kanban_event', id) in the same
-- transaction wakes every server instance at commit. Old rows are pruned (a day, at most 10,000 kept);
-- `kanban_event_horizon` remembers up to which id rows were pruned, so a stream resuming before it is told
-- to reload the board instead of missing moves.
CREATE TABLE kanban_event (
  id bigserial PRIMARY KEY,
  vorgang_id integer NOT NULL REFERENCES vorgang (id) ON DELETE CASCADE,
  -- The Vorgang's version after the move: a stale change at an older version learns it was moved, and by whom.
  version integer NOT NULL,
  moved_by text NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX kanban_event_vorgang_idx ON kanban_event (vorgang_id, version);

CREATE TABLE kanban_event_horizon (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  pruned_through bigint NOT NULL DEFAULT 0
);
INSERT INTO kanban_event_horizon DEFAULT VALUES;
