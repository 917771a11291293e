-- A mail of the outbox may leave from the sender's own Microsoft 365 mailbox (Graph sendMail).
ALTER TABLE sent_mail DROP CONSTRAINT IF EXISTS sent_mail_delivered_via_check;
ALTER TABLE sent_mail ADD CONSTRAINT sent_mail_delivered_via_check
  CHECK (delivered_via IN ('smtp', 'mailcatcher', 'graph'));
