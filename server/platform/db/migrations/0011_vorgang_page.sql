-- The page per Vorgang: why a status changed (the Verlustgrund when a Vorgang is lost), since when
-- a Vorgang has its Eigener Status (days in a column of the board), and the lookups the page makes.
ALTER TABLE vorgang_status_change ADD COLUMN reason text;
ALTER TABLE vorgang ADD COLUMN custom_status_since timestamptz;
CREATE INDEX beleg_note_beleg_idx ON beleg_note (beleg_id, created_at);
CREATE INDEX activity_vorgang_idx ON activity (vorgang_id) WHERE vorgang_id IS NOT NULL;
CREATE INDEX sent_mail_vorgang_idx ON sent_mail (vorgang_id) WHERE vorgang_id IS NOT NULL;
