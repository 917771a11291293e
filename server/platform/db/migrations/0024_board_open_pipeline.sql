-- The board shows the open pipeline only (Anfrage, Angebot, Auftrag; see BOARD_MEMBER in
-- server/vorgaenge/kanban/kanbanFilter.ts); its index covers exactly those Vorgänge.
DROP INDEX vorgang_board_idx;
CREATE INDEX vorgang_board_idx ON vorgang ((coalesce(custom_status_id, 0)), board_position, id)
  INCLUDE (net_total_cents, custom_status_id)
  WHERE system_status IN ('anfrage', 'angebot', 'auftrag');
