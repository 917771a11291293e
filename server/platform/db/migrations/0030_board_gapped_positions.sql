-- Board positions become sparse, BOARD_GAP (1024) apart, so that a drop takes a number between its
-- neighbours and writes one row instead of renumbering the column 1..n (16 s per drop on the 100.000-customer data
-- set; src/resources/vorgaenge/kanban/boardPositions.rules.ts). The open pipeline is numbered afresh once, in its
-- current order; invoiced and lost Vorgänge keep theirs (they have no card).
UPDATE vorgang v SET board_position = o.rn * 1024
FROM (SELECT id, row_number() OVER (PARTITION BY coalesce(custom_status_id, 0) ORDER BY board_position, id)::int AS rn
      FROM vorgang WHERE system_status IN ('anfrage', 'angebot', 'auftrag')) o
WHERE v.id = o.id AND v.board_position <> o.rn * 1024;

-- A new Vorgang still goes on top of its column, now a whole gap above the first card, so that cards dropped
-- between new ones find room.
CREATE OR REPLACE FUNCTION vorgang_place_on_board() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The board's lock (BOARD_LOCK in boardMove.ts): two inserts, or an insert and a move, never pick one place.
  PERFORM pg_advisory_xact_lock(15016);
  SELECT coalesce(min(v.board_position), 2048) - 1024 INTO NEW.board_position
  FROM vorgang v
  WHERE coalesce(v.custom_status_id, 0) = coalesce(NEW.custom_status_id, 0)
    AND v.system_status IN ('anfrage', 'angebot', 'auftrag');
  RETURN NEW;
END $$;
