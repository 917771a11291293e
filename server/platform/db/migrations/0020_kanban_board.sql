-- Kartenansicht: the board reads each column in board order (its first cards, then pages after a
-- position) and counts and sums every column. One partial index over the Vorgänge on the board (all but
-- Verloren), keyed by column ("Ohne Status" as 0, so one equality finds it) and board order, serves all three;
-- net_total_cents and custom_status_id are included so the column totals are an index-only scan.
CREATE INDEX vorgang_board_idx ON vorgang ((coalesce(custom_status_id, 0)), board_position, id)
  INCLUDE (net_total_cents, custom_status_id)
  WHERE system_status <> 'verloren';
