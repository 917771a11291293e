-- A text template says what its mails are for: 'service' (Service/Vertrag: offers, appointments, orders) go to
-- every customer, 'werbung' (advertising: invitations, campaigns) only to customers whose consent is on record,
-- with an unsubscribe link. The templates written so far were service mails unless an admin marks them.
ALTER TABLE text_template
  ADD COLUMN purpose text NOT NULL DEFAULT 'service' CHECK (purpose IN ('service', 'werbung'));
