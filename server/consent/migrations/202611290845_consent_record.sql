-- Consent to advertising by e-mail as a record (who recorded it, when, how the customer gave it, for what),
-- withdrawals included: each row is one grant or withdrawal, the latest row of a customer and purpose is the
-- state. It replaces the bare "Newsletter" tick, which stays as the current state for lists and exports.
CREATE TABLE customer_consent (
  id serial PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
  purpose text NOT NULL DEFAULT 'werbung' CHECK (purpose IN ('werbung')),
  granted boolean NOT NULL,
  source text NOT NULL CHECK (source IN (
    'schriftlich', 'muendlich', 'email', 'webformular', 'abmeldelink', 'ein-klick', 'uebernahme')),
  -- The day the customer gave or withdrew it, as recorded (null: not known, e.g. taken over from the tick).
  given_on date,
  note text,
  -- The mail whose unsubscribe link withdrew it.
  sent_mail_id integer REFERENCES sent_mail (id) ON DELETE SET NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  -- Who recorded it: a person (directory oid and name) or, for an unsubscribe, the customer (no oid).
  recorded_by_oid text,
  recorded_by_name text NOT NULL
);
CREATE INDEX customer_consent_latest_idx ON customer_consent (customer_id, purpose, id DESC);

-- The unsubscribe links of sent advertising mails: only the SHA-256 of the token (a copy of the table cannot
-- unsubscribe anybody), the customer it withdraws, the mail it was sent in.
CREATE TABLE unsubscribe_token (
  token_hash text PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
  purpose text NOT NULL DEFAULT 'werbung' CHECK (purpose IN ('werbung')),
  sent_mail_id integer REFERENCES sent_mail (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at timestamptz
);
CREATE INDEX unsubscribe_token_customer_idx ON unsubscribe_token (customer_id);

-- The ticks set so far become records: a consent without proof of how it was given (the detail shows that),
-- on the day the tick was set if it is known. Untouched customers get no record (no consent).
INSERT INTO customer_consent (customer_id, granted, source, given_on, note, recorded_by_name)
SELECT id, true, 'uebernahme', gdpr_consent_at::date,
  'Aus dem früheren Feld „Newsletter“ übernommen; wie die Einwilligung gegeben wurde, ist nicht erfasst.',
  'Datenübernahme'
FROM customer WHERE newsletter_consent
ORDER BY id;

-- customer.newsletter_consent is the latest record's state, kept by the database on every path (a record
-- written, moved to another customer by a merge, deleted with an erasure), never written by the app itself.
CREATE FUNCTION customer_consent_state() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  affected integer;
  state boolean;
BEGIN
  FOREACH affected IN ARRAY ARRAY[
      CASE WHEN TG_OP <> 'INSERT' THEN OLD.customer_id END,
      CASE WHEN TG_OP <> 'DELETE' THEN NEW.customer_id END] LOOP
    CONTINUE WHEN affected IS NULL;
    state := coalesce((SELECT k.granted FROM customer_consent k
      WHERE k.customer_id = affected AND k.purpose = 'werbung' ORDER BY k.id DESC LIMIT 1), false);
    UPDATE customer SET newsletter_consent = state
      WHERE id = affected AND newsletter_consent IS DISTINCT FROM state;
  END LOOP;
  RETURN NULL;
END $$;
CREATE TRIGGER customer_consent_state AFTER INSERT OR UPDATE OF customer_id, granted OR DELETE ON customer_consent
  FOR EACH ROW EXECUTE FUNCTION customer_consent_state();
