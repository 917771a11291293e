-- When a note was written, where that is not when it reached the server: a note written on a phone without
-- network is sent later by its outbox. created_at stays the time of arrival; the timeline shows written_at.
ALTER TABLE timeline_note ADD COLUMN written_at timestamptz;
