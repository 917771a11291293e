-- Speed, dashboard links: the list's Beleg filter (Vorgänge with a Beleg of a type in a date range,
-- as the dashboard's order/offer/revenue figures link to it) reads only this index.
CREATE INDEX beleg_type_date_idx ON beleg (beleg_type, beleg_date, vorgang_id);
