-- The Änderungsverlauf. One row per created, changed or deleted business row, written in the same
-- transaction as the change (a rolled-back change leaves none): who (the person's directory oid and name, or the
-- data sync as "Datenabgleich" without an oid), when, which record (area key + id) and, for a change, each
-- changed field as {"field": {"old": …, "new": …}} with the stored values (ids, cents, ISO days); names and
-- formats are applied when it is read. customer_id / vorgang_id say whose timeline shows it (a Vorgang's change
-- also shows on its customer's).
CREATE TABLE change_record (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_oid text,
  actor_name text NOT NULL,
  area text NOT NULL,
  record_id bigint NOT NULL,
  action text NOT NULL CHECK (action IN ('create', 'update', 'delete')),
  changes jsonb NOT NULL DEFAULT '{}',
  customer_id integer,
  vorgang_id integer
);
-- A record's own history (admin edit screen) and the retention's pruning by age.
CREATE INDEX change_record_record_idx ON change_record (area, record_id, at DESC, id DESC);
CREATE INDEX change_record_at_idx ON change_record (at DESC, id DESC);
-- Timelines: a customer's (with its Vorgänge' changes) and a Vorgang's.
CREATE INDEX change_record_customer_idx ON change_record (customer_id, at DESC, id DESC) WHERE customer_id IS NOT NULL;
CREATE INDEX change_record_vorgang_idx ON change_record (vorgang_id, at DESC, id DESC) WHERE vorgang_id IS NOT NULL;
-- The admin view's filters: by person and by area, newest first.
CREATE INDEX change_record_actor_idx ON change_record (actor_name, at DESC, id DESC);
CREATE INDEX change_record_area_idx ON change_record (area, at DESC, id DESC);
