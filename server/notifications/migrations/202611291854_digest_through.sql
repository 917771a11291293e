-- The daily digest lists what is unread and new since the last one: the highest notification id it covered.
ALTER TABLE notification_setting ADD COLUMN digest_through_id bigint;
