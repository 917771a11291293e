-- Notifications in the app: what the bell in the top bar lists per person, kept (read or not), pushed live to
-- open pages through pg_notify (every instance LISTENs and fans out to its streams).
CREATE TABLE notification (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('hinweis', 'todo', 'automatisierung')),
  title text NOT NULL,
  body text,
  -- Where a click leads, inside the app (/crm/…).
  link text CHECK (link IS NULL OR link LIKE '/crm/%'),
  vorgang_id integer REFERENCES vorgang (id) ON DELETE CASCADE,
  customer_id integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz
);
CREATE INDEX notification_user_idx ON notification (user_id, id DESC);
CREATE INDEX notification_unread_idx ON notification (user_id, id) WHERE read_at IS NULL;
CREATE INDEX notification_customer_idx ON notification (customer_id) WHERE customer_id IS NOT NULL;

-- Per person: which kinds they do not want, and the daily e-mail digest of what is unread.
CREATE TABLE notification_setting (
  user_id integer PRIMARY KEY REFERENCES app_user (id) ON DELETE CASCADE,
  muted_kinds text[] NOT NULL DEFAULT '{}',
  daily_digest boolean NOT NULL DEFAULT false,
  digest_sent_on date,
  version integer NOT NULL DEFAULT 1
);

CREATE FUNCTION notification_announce() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('notification', NEW.user_id::text || ':' || NEW.id::text);
  RETURN NULL;
END
$$;
CREATE TRIGGER notification_announce AFTER INSERT ON notification
  FOR EACH ROW EXECUTE FUNCTION notification_announce();
