-- What a mail was sent for (the template's purpose when it was written; null: written without a template), so
-- that the Postausgang applies the consent rule of advertising again at the moment it sends, and the message as
-- the built-in mail catcher rendered it (headers included; null for mails sent over SMTP).
ALTER TABLE sent_mail
  ADD COLUMN purpose text CHECK (purpose IN ('service', 'werbung')),
  ADD COLUMN raw_message text;
