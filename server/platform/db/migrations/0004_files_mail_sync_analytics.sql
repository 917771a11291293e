-- Files, the Dateien area, sent mails, data sync runs and usage analytics.
CREATE TABLE stored_file (
  id serial PRIMARY KEY,
  owner_type text NOT NULL CHECK (owner_type IN ('kunde', 'aktivitaet', 'vorgang', 'download')),
  owner_id integer,
  original_name text NOT NULL,
  stored_name text NOT NULL, -- generated name in the file store, never the user's
  mime_type text NOT NULL,
  size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
  uploaded_by text,
  uploaded_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX stored_file_stored_name_key ON stored_file (stored_name);
CREATE INDEX stored_file_owner_idx ON stored_file (owner_type, owner_id);

-- The folder tree of the Dateien area (download/rootContent, download/getSubItemsOfFolder).
CREATE TABLE download_item (
  id serial PRIMARY KEY,
  parent_id integer REFERENCES download_item (id) ON DELETE CASCADE,
  name text NOT NULL,
  is_folder boolean NOT NULL,
  file_id integer REFERENCES stored_file (id) ON DELETE CASCADE,
  sort_order integer NOT NULL DEFAULT 0,
  CHECK (is_folder = (file_id IS NULL))
);
CREATE INDEX download_item_parent_idx ON download_item (parent_id);

CREATE TABLE sent_mail (
  id serial PRIMARY KEY,
  customer_id integer REFERENCES customer (id) ON DELETE SET NULL,
  vorgang_id integer REFERENCES vorgang (id) ON DELETE SET NULL,
  template_id integer REFERENCES text_template (id) ON DELETE SET NULL,
  sender_oid text NOT NULL,
  sender_name text NOT NULL,
  recipient text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  status text NOT NULL CHECK (status IN ('gesendet', 'fehler')),
  error text,
  sent_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sent_mail_customer_idx ON sent_mail (customer_id, sent_at DESC);

CREATE TABLE etl_sync_run (
  id serial PRIMARY KEY,
  state text NOT NULL CHECK (state IN ('laeuft', 'fertig', 'fehler')),
  created_rows integer NOT NULL DEFAULT 0,
  updated_rows integer NOT NULL DEFAULT 0,
  unchanged_rows integer NOT NULL DEFAULT 0,
  rejected_rows integer NOT NULL DEFAULT 0,
  started_by text,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE UNIQUE INDEX etl_sync_run_running_key ON etl_sync_run ((true)) WHERE state = 'laeuft';

CREATE TABLE etl_sync_log (
  id bigserial PRIMARY KEY,
  run_id integer NOT NULL REFERENCES etl_sync_run (id) ON DELETE CASCADE,
  level text NOT NULL CHECK (level IN ('info', 'warnung', 'fehler')),
  file text,
  line integer,
  message text NOT NULL,
  logged_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX etl_sync_log_run_idx ON etl_sync_log (run_id, id);

CREATE TABLE analytics_event (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('login', 'file_download')),
  user_oid text NOT NULL,
  user_name text,
  file_id integer REFERENCES stored_file (id) ON DELETE SET NULL,
  occurred_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX analytics_event_kind_time_idx ON analytics_event (kind, occurred_at);
