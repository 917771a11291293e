-- Microsoft 365 per person: the connection (delegated tokens, sealed), the CRM's Termine in the person's Outlook
-- calendar, conflicts between the two, and the customer meetings read from Outlook for those who opt in.

CREATE TABLE m365_connection (
  user_id integer PRIMARY KEY REFERENCES app_user (id) ON DELETE CASCADE,
  oid text NOT NULL UNIQUE,
  tenant_id text NOT NULL,
  -- 'verbunden', or 'erneuern' when Entra refused the refresh token (revoked, expired): the person must connect again.
  status text NOT NULL CHECK (status IN ('verbunden', 'erneuern')),
  -- AES-256-GCM (iv | tag | ciphertext) under the key from M365_TOKEN_KEY, bound to the oid; never in clear text.
  refresh_token bytea,
  access_token bytea,
  access_expires_at timestamptz,
  scopes text[] NOT NULL DEFAULT '{}',
  mailbox text,
  calendar_id text,
  show_customer_meetings boolean NOT NULL DEFAULT false,
  connected_at timestamptz NOT NULL DEFAULT now(),
  last_sync_at timestamptz,
  last_error text,
  last_error_at timestamptz,
  -- The calendar's delta round: where the next run goes on (a nextLink mid-round survives a restart) and its window.
  delta_link text,
  delta_window_start timestamptz,
  delta_window_end timestamptz,
  sync_due_at timestamptz NOT NULL DEFAULT now(),
  -- The instance running this person's delta right now, until when (a stopped instance's lease runs out).
  sync_lease_until timestamptz,
  subscription_id text,
  subscription_expires_at timestamptz,
  subscription_secret text,
  version integer NOT NULL DEFAULT 1
);
CREATE INDEX m365_connection_due_idx ON m365_connection (sync_due_at) WHERE status = 'verbunden';

CREATE TABLE m365_event (
  activity_id integer PRIMARY KEY,
  -- Whose calendar holds (or is to hold) the event.
  user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  event_id text,
  change_key text,
  -- The activity's version the event shows; a newer activity version is to be sent.
  synced_version integer,
  start_at timestamptz,
  end_at timestamptz,
  want text NOT NULL DEFAULT 'senden' CHECK (want IN ('senden', 'loeschen', 'ok')),
  due_at timestamptz NOT NULL DEFAULT now(),
  -- Set while a worker has the row in hand (calling Graph outside any transaction); a change of the Termin in
  -- between clears it, so the worker's answer does not mark the newer change as sent.
  claim text,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX m365_event_due_idx ON m365_event (due_at) WHERE want <> 'ok';
CREATE UNIQUE INDEX m365_event_event_idx ON m365_event (user_id, event_id) WHERE event_id IS NOT NULL;

CREATE TABLE m365_conflict (
  id serial PRIMARY KEY,
  activity_id integer NOT NULL,
  user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('verschoben', 'geloescht')),
  outlook_start timestamptz,
  outlook_end timestamptz,
  crm_start timestamptz,
  detected_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  resolution text
);
CREATE INDEX m365_conflict_open_idx ON m365_conflict (user_id) WHERE resolved_at IS NULL;

CREATE TABLE m365_meeting (
  user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  event_id text NOT NULL,
  -- No foreign key: a merged or erased customer leaves the row unmatched until the next delta round.
  customer_id integer NOT NULL,
  subject text,
  start_at timestamptz NOT NULL,
  end_at timestamptz NOT NULL,
  location text,
  PRIMARY KEY (user_id, event_id)
);
CREATE INDEX m365_meeting_day_idx ON m365_meeting (user_id, start_at);

-- Every change of a Termin reaches the queue, whatever path made it (form, Todos, bulk job, merge, erasure), except
-- the change the read-back itself makes from Outlook (it sets fenster.m365_sync for its transaction).
CREATE FUNCTION m365_termin_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('fenster.m365_sync', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    UPDATE m365_event SET want = 'loeschen', due_at = now(), attempts = 0, claim = NULL WHERE activity_id = OLD.id;
    RETURN NULL;
  END IF;
  UPDATE m365_event SET want = 'senden', due_at = now(), attempts = 0, claim = NULL
    WHERE activity_id = NEW.id AND want <> 'loeschen';
  IF NOT FOUND AND NEW.activity_type IN ('termin', 'besuch', 'aufmass', 'schauraum') AND NOT NEW.done
     AND NEW.activity_date >= now() - interval '1 day'
     AND EXISTS (SELECT 1 FROM m365_connection c WHERE c.user_id = NEW.user_id AND c.status = 'verbunden') THEN
    INSERT INTO m365_event (activity_id, user_id) VALUES (NEW.id, NEW.user_id) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER activity_m365_insert AFTER INSERT ON activity
  FOR EACH ROW EXECUTE FUNCTION m365_termin_changed();
CREATE TRIGGER activity_m365_update
  AFTER UPDATE OF activity_date, activity_type, note, customer_id, vorgang_id, user_id, done ON activity
  FOR EACH ROW EXECUTE FUNCTION m365_termin_changed();
CREATE TRIGGER activity_m365_delete AFTER DELETE ON activity
  FOR EACH ROW EXECUTE FUNCTION m365_termin_changed();
