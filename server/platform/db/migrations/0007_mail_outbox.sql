-- Sent mails: how each left (SMTP or the built-in mail catcher of the demo), and the columns every
-- declared (read-only) entity carries, so admins can page through the Postausgang.
ALTER TABLE sent_mail
  ADD COLUMN delivered_via text NOT NULL DEFAULT 'smtp' CHECK (delivered_via IN ('smtp', 'mailcatcher')),
  ADD COLUMN message_id text,
  ADD COLUMN version integer NOT NULL DEFAULT 1,
  ADD COLUMN created_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN updated_by text;
CREATE INDEX sent_mail_sent_at_idx ON sent_mail (sent_at DESC);
