-- A new Vorgang goes to the top of its board column (as new deals do in HubSpot and Pipedrive), at
-- one less than the column's first card, so positions stay unique without renumbering the column (a column
-- can hold tens of thousands of cards). Every insert path (Neuer Vorgang, data sync, later ones) gets it here.
-- Inserts that set a position themselves (the demo data) keep it. Positions may go below 1 this way; the next
-- move in the column renumbers it 1..n (server/vorgaenge/boardMove.ts).
CREATE FUNCTION vorgang_place_on_board() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The board's lock (BOARD_LOCK in boardMove.ts): two inserts, or an insert and a move, never pick one place.
  PERFORM pg_advisory_xact_lock(15016);
  -- min() on the board index (migration 0024: same expression and predicate), one index entry read.
  SELECT coalesce(min(v.board_position), 1) - 1 INTO NEW.board_position
  FROM vorgang v
  WHERE coalesce(v.custom_status_id, 0) = coalesce(NEW.custom_status_id, 0)
    AND v.system_status IN ('anfrage', 'angebot', 'auftrag');
  RETURN NEW;
END $$;

CREATE TRIGGER vorgang_place_on_board BEFORE INSERT ON vorgang
  FOR EACH ROW WHEN (NEW.board_position = 0) EXECUTE FUNCTION vorgang_place_on_board();

-- The planner has no statistics for a column's key (coalesce(custom_status_id, 0)) and guesses 0.5 % of the
-- table per column, so for "first 1.001 matches of a column in board order" (capped totals under a broad
-- search, kanbanQueries.ts) it chose a bitmap scan + sort over the whole column (~0.9 s) instead of walking
-- the board index and stopping (~80 ms). Expression statistics give it the real column sizes.
CREATE STATISTICS vorgang_board_column_stats ON (coalesce(custom_status_id, 0)) FROM vorgang;
ANALYZE vorgang;
