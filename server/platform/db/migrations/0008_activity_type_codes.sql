-- Demo data seeded before this stored activity types by their display names ('Termin'); the form and the
-- API use the codes ('termin'), so such an activity could not be saved unchanged. Rows already in codes stay.
UPDATE activity
SET activity_type = CASE activity_type
  WHEN 'Anruf' THEN 'anruf'
  WHEN 'Besuch' THEN 'besuch'
  WHEN 'E-Mail' THEN 'email'
  WHEN 'Termin' THEN 'termin'
  WHEN 'Aufmaß' THEN 'aufmass'
  WHEN 'Schauraumtermin' THEN 'schauraum'
END
WHERE activity_type IN ('Anruf', 'Besuch', 'E-Mail', 'Termin', 'Aufmaß', 'Schauraumtermin');
