-- The follow-up cadence of an online offer: its steps are automations with a time trigger on the offer link's
-- dates, one run per automation and link. A run keeps its link, so it can check before each step that the link
-- may still be followed up (not decided, withdrawn, replaced or stopped; no Auftragsbestätigung yet).
ALTER TABLE automation_run ADD COLUMN offer_link_id integer REFERENCES offer_link (id) ON DELETE CASCADE;
CREATE INDEX automation_run_offer_link_idx ON automation_run (offer_link_id) WHERE offer_link_id IS NOT NULL;

-- The sweep of "N working days before/after Gültig bis": the open links by that day.
CREATE INDEX offer_link_valid_until_idx ON offer_link (valid_until) WHERE state = 'offen';

-- An expired offer is offered to the seller as lost with this reason (the Stammdaten's Verlustgründe).
INSERT INTO stammdaten (category, value, sort_order)
VALUES ('verlustgrund', 'Angebot abgelaufen', 90)
ON CONFLICT DO NOTHING;
