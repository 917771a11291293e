-- The Postausgang becomes a queue as well as the record of sent mails ("Mail senden" on a
-- selection): a mail of a bulk job is kept as 'wartend' and sent by the outbox worker of any instance,
-- within the per-person mail limit, with retries after a failure. A single mail from the dialog is still
-- sent while the seller waits and is recorded as before.
ALTER TABLE sent_mail DROP CONSTRAINT sent_mail_status_check;
ALTER TABLE sent_mail ADD CONSTRAINT sent_mail_status_check
  CHECK (status IN ('wartend', 'gesendet', 'fehler'));
ALTER TABLE sent_mail
  -- Failed attempts so far; after the last one the mail is 'fehler' with the reason.
  ADD COLUMN attempts integer NOT NULL DEFAULT 0,
  -- A waiting mail is not tried before this moment (null: at once).
  ADD COLUMN next_attempt_at timestamptz,
  -- The bulk job that queued it (null: sent from the dialog or elsewhere).
  ADD COLUMN bulk_job_id integer REFERENCES bulk_job (id) ON DELETE SET NULL;
CREATE INDEX sent_mail_waiting_idx ON sent_mail (id) WHERE status = 'wartend';
CREATE INDEX sent_mail_sender_sent_idx ON sent_mail (sender_oid, sent_at DESC);
