-- Every record of the Änderungsverlauf names the customer it belongs to, so an erasure (Art. 17) finds all of them,
-- and a Beleg position's record names its Vorgang, whose timeline shows it.

-- A personal note is its author's alone: its records keep that it changed (its version), not its text. They name
-- the customer now (record_id is the customer's id); the shared timelines leave other people's out.
UPDATE change_record r SET customer_id = r.record_id,
  changes = jsonb_build_object('revision', jsonb_build_object('old', n.revision - 1, 'new', n.revision))
FROM (SELECT id, row_number() OVER (PARTITION BY record_id, actor_oid ORDER BY at, id)::int AS revision
      FROM change_record WHERE area = 'persoenliche-notiz') n
WHERE r.id = n.id;
UPDATE change_record SET changes = jsonb_set(changes, '{revision,old}', 'null')
WHERE area = 'persoenliche-notiz' AND action = 'create';

-- Beleg positions and Belege written by the data sync or an own text named neither customer nor Vorgang.
UPDATE change_record r SET vorgang_id = b.vorgang_id, customer_id = v.customer_id
FROM beleg_position p JOIN beleg b ON b.id = p.beleg_id JOIN vorgang v ON v.id = b.vorgang_id
WHERE r.area = 'belegposition' AND r.record_id = p.id AND (r.vorgang_id IS NULL OR r.customer_id IS NULL);
UPDATE change_record r SET customer_id = v.customer_id, vorgang_id = b.vorgang_id
FROM beleg b JOIN vorgang v ON v.id = b.vorgang_id
WHERE r.area = 'beleg' AND r.record_id = b.id AND r.customer_id IS NULL;
UPDATE change_record r SET customer_id = v.customer_id
FROM vorgang v WHERE r.vorgang_id = v.id AND r.customer_id IS NULL;
