-- The Postausgang's waiting mails are sent by jobs of the job library (pg-boss), one per mail, queued with
-- the mail. job_id is the mail's current job; a mail the previous release queues during a rolling update has
-- none and is given one by mail.adoptWaiting. Expand only: attempts, next_attempt_at and the waiting index
-- stay for the previous release's worker and go in a later release.
ALTER TABLE sent_mail ADD COLUMN job_id uuid;
CREATE INDEX sent_mail_unqueued_idx ON sent_mail (id) WHERE status = 'wartend' AND job_id IS NULL;
