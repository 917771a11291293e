-- A Vorgang has a value before the ERP sends a Beleg, and the board weighs its pipeline.
-- The seller's estimate (net, in cents) until a Beleg exists; afterwards the Beleg's Summe netto rules and the
-- estimate stays for comparison. expected_order_date (migration 0002) is the seller's day of the order.
ALTER TABLE vorgang ADD COLUMN expected_value_cents bigint
  CONSTRAINT vorgang_expected_value_cents_check CHECK (expected_value_cents >= 0);

-- How likely a Vorgang in this Eigener Status is won, in percent (Admin → Eigene Status); weighs the board's
-- sums and "Erwartet in diesem Quartal". Existing statuses start at 10 % until an admin sets theirs.
ALTER TABLE custom_status ADD COLUMN win_probability smallint NOT NULL DEFAULT 10
  CONSTRAINT custom_status_win_probability_check CHECK (win_probability BETWEEN 0 AND 100);

-- The board's sums and weighted sums stay index-only scans of the board index (docs/architecture.md
-- "Kartenansicht"): a card's value needs the estimate and whether it is still an Anfrage (no Beleg), the
-- quarter figure its expected order day.
DROP INDEX vorgang_board_idx;
CREATE INDEX vorgang_board_idx ON vorgang ((coalesce(custom_status_id, 0)), board_position, id)
  INCLUDE (net_total_cents, custom_status_id, system_status, expected_value_cents, expected_order_date)
  WHERE system_status IN ('anfrage', 'angebot', 'auftrag');
