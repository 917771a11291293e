-- My day: the dashboard's Kennzahlen answer from indexes instead of aggregating every Beleg of a
-- seller's or branch's Vorgänge on each call (1,2 s on the 100.000-customer set).
--
-- 1. Each Vorgang carries the day of its first Angebot, first Auftragsbestätigung and first Rechnung. A
--    statement-level trigger on beleg keeps them (bulk inserts of the seed or an import recompute each touched
--    Vorgang once); an index per scope column holds them, so "open offers a year ago", the offer→order rate and
--    the days offer→order are an index-only range scan.
ALTER TABLE vorgang
  ADD COLUMN first_offer_date date,
  ADD COLUMN first_order_date date,
  ADD COLUMN first_invoice_date date;

CREATE FUNCTION vorgang_refresh_milestones(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE vorgang v SET first_offer_date = m.offer, first_order_date = m.ord, first_invoice_date = m.invoice
  FROM (
    SELECT i.id,
      (SELECT min(b.beleg_date) FROM beleg b WHERE b.vorgang_id = i.id AND b.beleg_type = 'angebot') AS offer,
      (SELECT min(b.beleg_date) FROM beleg b WHERE b.vorgang_id = i.id AND b.beleg_type = 'auftragsbestaetigung') AS ord,
      (SELECT min(b.beleg_date) FROM beleg b WHERE b.vorgang_id = i.id AND b.beleg_type = 'rechnung') AS invoice
    FROM unnest(ids) AS i(id)
  ) m
  WHERE v.id = m.id
    AND (v.first_offer_date, v.first_order_date, v.first_invoice_date) IS DISTINCT FROM (m.offer, m.ord, m.invoice);
$$;

CREATE FUNCTION beleg_milestones_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM vorgang_refresh_milestones(ARRAY(SELECT DISTINCT vorgang_id FROM new_rows));
  RETURN NULL;
END $$;

CREATE FUNCTION beleg_milestones_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM vorgang_refresh_milestones(
    ARRAY(SELECT vorgang_id FROM new_rows UNION SELECT vorgang_id FROM old_rows));
  RETURN NULL;
END $$;

CREATE FUNCTION beleg_milestones_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM vorgang_refresh_milestones(ARRAY(SELECT DISTINCT vorgang_id FROM old_rows));
  RETURN NULL;
END $$;

CREATE TRIGGER beleg_milestones_insert AFTER INSERT ON beleg
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION beleg_milestones_after_insert();
CREATE TRIGGER beleg_milestones_update AFTER UPDATE ON beleg
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION beleg_milestones_after_update();
CREATE TRIGGER beleg_milestones_delete AFTER DELETE ON beleg
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION beleg_milestones_after_delete();

UPDATE vorgang v SET first_offer_date = m.offer, first_order_date = m.ord, first_invoice_date = m.invoice
FROM (
  SELECT vorgang_id,
    min(beleg_date) FILTER (WHERE beleg_type = 'angebot') AS offer,
    min(beleg_date) FILTER (WHERE beleg_type = 'auftragsbestaetigung') AS ord,
    min(beleg_date) FILTER (WHERE beleg_type = 'rechnung') AS invoice
  FROM beleg GROUP BY vorgang_id
) m
WHERE v.id = m.vorgang_id;

CREATE INDEX vorgang_seller_milestones_idx ON vorgang (seller_user_id, first_offer_date)
  INCLUDE (id, first_order_date, first_invoice_date, net_total_cents) WHERE first_offer_date IS NOT NULL;
CREATE INDEX vorgang_branch_milestones_idx ON vorgang (branch_id, first_offer_date)
  INCLUDE (id, first_order_date, first_invoice_date, net_total_cents) WHERE first_offer_date IS NOT NULL;
-- Open offers now: count and volume without visiting the rows.
CREATE INDEX vorgang_seller_open_idx ON vorgang (seller_user_id) INCLUDE (net_total_cents)
  WHERE system_status = 'angebot';
CREATE INDEX vorgang_branch_open_idx ON vorgang (branch_id) INCLUDE (net_total_cents)
  WHERE system_status = 'angebot';

-- 2. Orders and revenue of a period per seller or branch: each Beleg carries its Vorgang's seller and branch
--    (set on insert, moved along when the Vorgang changes hands), indexed with type, day and amount.
ALTER TABLE beleg ADD COLUMN seller_user_id integer, ADD COLUMN branch_id integer;

CREATE FUNCTION beleg_take_vorgang_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT v.seller_user_id, v.branch_id INTO NEW.seller_user_id, NEW.branch_id FROM vorgang v WHERE v.id = NEW.vorgang_id;
  RETURN NEW;
END $$;
CREATE TRIGGER beleg_vorgang_owner BEFORE INSERT OR UPDATE OF vorgang_id, seller_user_id, branch_id ON beleg
  FOR EACH ROW EXECUTE FUNCTION beleg_take_vorgang_owner();

CREATE FUNCTION vorgang_owner_to_belege() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE beleg SET seller_user_id = NEW.seller_user_id, branch_id = NEW.branch_id WHERE vorgang_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER vorgang_owner_belege AFTER UPDATE OF seller_user_id, branch_id ON vorgang
  FOR EACH ROW WHEN (OLD.seller_user_id IS DISTINCT FROM NEW.seller_user_id OR OLD.branch_id IS DISTINCT FROM NEW.branch_id)
  EXECUTE FUNCTION vorgang_owner_to_belege();

ALTER TABLE beleg DISABLE TRIGGER beleg_milestones_update;
UPDATE beleg b SET seller_user_id = v.seller_user_id, branch_id = v.branch_id FROM vorgang v WHERE v.id = b.vorgang_id;
ALTER TABLE beleg ENABLE TRIGGER beleg_milestones_update;

CREATE INDEX beleg_seller_type_date_idx ON beleg (seller_user_id, beleg_type, beleg_date)
  INCLUDE (vorgang_id, net_cents);
CREATE INDEX beleg_branch_type_date_idx ON beleg (branch_id, beleg_type, beleg_date)
  INCLUDE (vorgang_id, net_cents);

-- 3. Activities per week of a seller or a branch's sellers (dashboard chart, the activities page's chart).
CREATE INDEX activity_user_date_idx ON activity (user_id, activity_date) INCLUDE (activity_type);
