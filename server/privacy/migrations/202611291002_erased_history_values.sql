-- Erasures before the Löschliste replaced every field of the customer's own records by "Gelöscht (DSGVO)", also
-- those that were no personal data (Betreuer, Filiale, labels …): the history showed "Betreuer: Gelöscht (DSGVO) →
-- Gelöscht (DSGVO)" on changes that had nothing to do with the person. Their values are gone; such fields are
-- dropped, the person's own fields (server/privacy/eraseChangeHistory.ts, PERSONAL_FIELDS) keep the mark.
WITH personal (area, field) AS (VALUES
  ('kunden', 'displayName'), ('kunden', 'salutation'), ('kunden', 'title'), ('kunden', 'firstName'),
  ('kunden', 'lastName'), ('kunden', 'companyName'), ('kunden', 'street'), ('kunden', 'zip'), ('kunden', 'city'),
  ('kunden', 'phone'), ('kunden', 'mobile'), ('kunden', 'email'), ('kunden', 'customFields'),
  ('kunden', 'Zusammenführung'), ('aktivitaeten', 'note'), ('notiz', 'text'), ('datei', 'originalName'),
  ('nps', 'comment'), ('endkunde', 'name'), ('endkunde', 'street'), ('endkunde', 'zip'), ('endkunde', 'city'),
  ('endkunde', 'phone'), ('endkunde', 'email')),
blanked AS (
  SELECT r.id, array_agg(e.key) AS fields
  FROM change_record r, jsonb_each(r.changes) AS e(key, value)
  WHERE r.customer_id IN (SELECT customer_id FROM erasure_suppression)
    AND e.value ->> 'old' = 'Gelöscht (DSGVO)' AND e.value ->> 'new' = 'Gelöscht (DSGVO)'
    AND NOT EXISTS (SELECT 1 FROM personal p WHERE p.area = r.area AND p.field = e.key)
  GROUP BY r.id)
UPDATE change_record r SET changes = r.changes - b.fields FROM blanked b WHERE r.id = b.id;
