-- Todos, Fällige Labels, the menu counter and the dashboard's Kennzahlen and lists on 100.000 customers:
-- a due label is found by its scope (the Vorgang's seller/branch, the customer's Betreuer/branch) without joining
-- every Vorgang or customer of a branch first. Each label row carries that owner (set on insert, moved along when
-- the Vorgang or customer changes hands, as 0021 does for Belege), and partial covering indexes answer counts and
-- the first page index-only.

-- 1. Vorgang labels carry their Vorgang's seller and branch.
ALTER TABLE vorgang_label ADD COLUMN seller_user_id integer, ADD COLUMN branch_id integer;

CREATE FUNCTION vorgang_label_take_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT v.seller_user_id, v.branch_id INTO NEW.seller_user_id, NEW.branch_id FROM vorgang v WHERE v.id = NEW.vorgang_id;
  RETURN NEW;
END $$;
CREATE TRIGGER vorgang_label_owner BEFORE INSERT OR UPDATE OF vorgang_id, seller_user_id, branch_id ON vorgang_label
  FOR EACH ROW EXECUTE FUNCTION vorgang_label_take_owner();

CREATE FUNCTION vorgang_owner_to_labels() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE vorgang_label SET seller_user_id = NEW.seller_user_id, branch_id = NEW.branch_id WHERE vorgang_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER vorgang_owner_labels AFTER UPDATE OF seller_user_id, branch_id ON vorgang
  FOR EACH ROW WHEN (OLD.seller_user_id IS DISTINCT FROM NEW.seller_user_id OR OLD.branch_id IS DISTINCT FROM NEW.branch_id)
  EXECUTE FUNCTION vorgang_owner_to_labels();

UPDATE vorgang_label vl SET seller_user_id = v.seller_user_id, branch_id = v.branch_id FROM vorgang v WHERE v.id = vl.vorgang_id;

-- Shared with Fällige Labels (vorgang/getVorgangsFaellig): due Vorgang labels of a seller or a branch by day.
CREATE INDEX vorgang_label_seller_due_idx ON vorgang_label (seller_user_id, due_date) INCLUDE (vorgang_id, label_id)
  WHERE due_date IS NOT NULL;
CREATE INDEX vorgang_label_branch_due_idx ON vorgang_label (branch_id, due_date) INCLUDE (vorgang_id, label_id)
  WHERE due_date IS NOT NULL;

-- 2. Customer labels carry their customer's Betreuer and branch.
ALTER TABLE customer_label ADD COLUMN owner_user_id integer, ADD COLUMN branch_id integer;

CREATE FUNCTION customer_label_take_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT c.owner_user_id, c.branch_id INTO NEW.owner_user_id, NEW.branch_id FROM customer c WHERE c.id = NEW.customer_id;
  RETURN NEW;
END $$;
CREATE TRIGGER customer_label_owner BEFORE INSERT OR UPDATE OF customer_id, owner_user_id, branch_id ON customer_label
  FOR EACH ROW EXECUTE FUNCTION customer_label_take_owner();

CREATE FUNCTION customer_owner_to_labels() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE customer_label SET owner_user_id = NEW.owner_user_id, branch_id = NEW.branch_id WHERE customer_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER customer_owner_labels AFTER UPDATE OF owner_user_id, branch_id ON customer
  FOR EACH ROW WHEN (OLD.owner_user_id IS DISTINCT FROM NEW.owner_user_id OR OLD.branch_id IS DISTINCT FROM NEW.branch_id)
  EXECUTE FUNCTION customer_owner_to_labels();

UPDATE customer_label cl SET owner_user_id = c.owner_user_id, branch_id = c.branch_id FROM customer c WHERE c.id = cl.customer_id;

CREATE INDEX customer_label_owner_due_idx ON customer_label (owner_user_id, due_date) INCLUDE (customer_id, label_id)
  WHERE due_date IS NOT NULL;
CREATE INDEX customer_label_branch_due_idx ON customer_label (branch_id, due_date) INCLUDE (customer_id, label_id)
  WHERE due_date IS NOT NULL;

-- 3. Open todos of a user by day, with the id the list sorts ties by (index-only counts and first page). It
--    replaces 0002's activity_due_idx (same key, without the rows that have no due date).
CREATE INDEX activity_open_due_idx ON activity (user_id, due_date) INCLUDE (id)
  WHERE NOT done AND due_date IS NOT NULL;
DROP INDEX activity_due_idx;

-- 4. Dashboard (server/dashboard): the Vorgänge of a seller or branch first ordered in a period (days from offer to
--    order), the Vorgänge touched last (Zuletzt bearbeitet, in the list's order), and the open offers untouched
--    since a day (Nachfassen, oldest first).
CREATE INDEX vorgang_seller_first_order_idx ON vorgang (seller_user_id, first_order_date) INCLUDE (first_offer_date)
  WHERE first_order_date IS NOT NULL;
CREATE INDEX vorgang_branch_first_order_idx ON vorgang (branch_id, first_order_date) INCLUDE (first_offer_date)
  WHERE first_order_date IS NOT NULL;
CREATE INDEX vorgang_seller_touched_idx ON vorgang
  (seller_user_id, greatest(last_activity_at, updated_at) DESC NULLS LAST, id DESC);
CREATE INDEX vorgang_branch_touched_idx ON vorgang
  (branch_id, greatest(last_activity_at, updated_at) DESC NULLS LAST, id DESC);
CREATE INDEX vorgang_seller_untouched_offer_idx ON vorgang (seller_user_id, coalesce(last_activity_at, created_at), id)
  WHERE system_status = 'angebot';
CREATE INDEX vorgang_branch_untouched_offer_idx ON vorgang (branch_id, coalesce(last_activity_at, created_at), id)
  WHERE system_status = 'angebot';
