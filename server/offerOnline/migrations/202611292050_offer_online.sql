-- The online offer beside its link: the PDF as it was sent, what happened on the public page, the one-time
-- codes of an acceptance, the acceptance's evidence and the tenant's legal texts in versions.

-- `sender_oid`: who sent it (the confirmation mail goes out in their name, the todo falls to them without a
-- Verkäufer). The exact bytes mailed (kept in the file store under `pdf_stored_name`) and their SHA-256, so the evidence
-- names the document the customer saw, not one made again later.
ALTER TABLE offer_link
  ADD COLUMN sender_oid text,
  ADD COLUMN pdf_stored_name text,
  ADD COLUMN pdf_file_name text,
  ADD COLUMN pdf_sha256 text,
  ADD COLUMN decline_reason text;

-- Each thing on the timeline of a link: sent, every opening, code sent, the decision, a question, withdrawn.
CREATE TABLE offer_link_event (
  id serial PRIMARY KEY,
  offer_link_id integer NOT NULL REFERENCES offer_link (id) ON DELETE CASCADE,
  kind text NOT NULL
    CONSTRAINT offer_link_event_kind_check CHECK (kind IN ('gesendet', 'geoeffnet', 'code_gesendet', 'angenommen',
      'abgelehnt', 'rueckfrage', 'zurueckgezogen')),
  at timestamptz NOT NULL DEFAULT now(),
  ip text,
  user_agent text,
  message text,
  actor text
);
CREATE INDEX offer_link_event_link_idx ON offer_link_event (offer_link_id, at);

-- A one-time code for an acceptance: only its hash is kept; it expires, counts wrong tries and is used once.
CREATE TABLE offer_code (
  id serial PRIMARY KEY,
  offer_link_id integer NOT NULL REFERENCES offer_link (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  email text NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  used_at timestamptz
);
CREATE INDEX offer_code_link_idx ON offer_code (offer_link_id, sent_at DESC);

-- The tenant's texts the public page shows, append-only: an acceptance keeps the version it showed.
CREATE TABLE legal_text_version (
  id serial PRIMARY KEY,
  kind text NOT NULL CONSTRAINT legal_text_version_kind_check CHECK (kind IN ('agb', 'widerruf', 'widerrufsformular')),
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL
);
CREATE INDEX legal_text_version_kind_idx ON legal_text_version (kind, id DESC);

-- The evidence of one acceptance, as it was at that moment.
CREATE TABLE offer_acceptance (
  id serial PRIMARY KEY,
  offer_link_id integer NOT NULL UNIQUE REFERENCES offer_link (id) ON DELETE CASCADE,
  accepted_at timestamptz NOT NULL,
  accepted_local text NOT NULL,
  time_zone text NOT NULL,
  signer_name text NOT NULL,
  ip text,
  user_agent text,
  pdf_sha256 text NOT NULL,
  agb_version_id integer REFERENCES legal_text_version (id),
  widerruf_version_id integer REFERENCES legal_text_version (id),
  formular_version_id integer REFERENCES legal_text_version (id),
  code_email text NOT NULL,
  code_verified_at timestamptz NOT NULL,
  consumer boolean NOT NULL,
  widerruf_until date,
  certified_stored_name text,
  certified_sha256 text,
  confirmation_mail_id integer REFERENCES sent_mail (id) ON DELETE SET NULL
);

INSERT INTO legal_text_version (kind, body, created_by) VALUES
('agb', E'Muster – vor Verwendung rechtlich prüfen lassen.\n\nAllgemeine Geschäftsbedingungen\n\n1. Geltung: Diese Bedingungen gelten für alle Lieferungen und Montagen von Fenstern, Türen und Zubehör.\n2. Vertragsschluss: Der Vertrag kommt mit der Annahme des Angebots zustande.\n3. Preise: Es gelten die Preise des Angebots einschließlich der gesetzlichen Umsatzsteuer.\n4. Lieferung und Montage: Termine werden nach dem Aufmaß gemeinsam vereinbart.\n5. Zahlung: Gemäß den im Angebot genannten Zahlungsbedingungen.\n6. Gewährleistung: Es gelten die gesetzlichen Bestimmungen.', 'Mustertext'),
('widerruf', E'Muster – vor Verwendung rechtlich prüfen lassen.\n\nWiderrufsbelehrung\n\nWiderrufsrecht: Sie haben das Recht, binnen vierzehn Tagen ohne Angabe von Gründen diesen Vertrag zu widerrufen. Die Widerrufsfrist beträgt vierzehn Tage ab dem Tag des Vertragsabschlusses.\n\nUm Ihr Widerrufsrecht auszuüben, müssen Sie uns mittels einer eindeutigen Erklärung (z. B. ein mit der Post versandter Brief oder eine E-Mail) über Ihren Entschluss, diesen Vertrag zu widerrufen, informieren. Sie können dafür das beigefügte Muster-Widerrufsformular verwenden, das jedoch nicht vorgeschrieben ist. Zur Wahrung der Widerrufsfrist reicht es aus, dass Sie die Mitteilung über die Ausübung des Widerrufsrechts vor Ablauf der Widerrufsfrist absenden.\n\nFolgen des Widerrufs: Wenn Sie diesen Vertrag widerrufen, haben wir Ihnen alle Zahlungen, die wir von Ihnen erhalten haben, unverzüglich und spätestens binnen vierzehn Tagen zurückzuzahlen. Haben Sie verlangt, dass die Leistungen während der Widerrufsfrist beginnen sollen, so haben Sie uns einen angemessenen Betrag zu zahlen.', 'Mustertext'),
('widerrufsformular', E'Muster – vor Verwendung rechtlich prüfen lassen.\n\nMuster-Widerrufsformular\n\n(Wenn Sie den Vertrag widerrufen wollen, dann füllen Sie bitte dieses Formular aus und senden Sie es zurück.)\n\n– An [Name, Anschrift und E-Mail-Adresse des Unternehmens]:\n– Hiermit widerrufe(n) ich/wir (*) den von mir/uns (*) abgeschlossenen Vertrag über den Kauf der folgenden Waren (*)/die Erbringung der folgenden Dienstleistung (*)\n– Bestellt am (*)/erhalten am (*)\n– Name des/der Verbraucher(s)\n– Anschrift des/der Verbraucher(s)\n– Unterschrift des/der Verbraucher(s) (nur bei Mitteilung auf Papier)\n– Datum\n\n(*) Unzutreffendes streichen.', 'Mustertext');
