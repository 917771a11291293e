-- Automations: a trigger, conditions on the record and actions, stored as immutable versions; the runs they
-- make (one per automation, record and occurrence), each run's steps, and the inbox of record events the
-- database writes itself (server/automation/README.md).

-- Working days count the public holidays of the branch's region (Austria; a German Bundesland), and the
-- branch lead receives the todos and notifications meant for "die Filialleitung".
ALTER TABLE branch
  ADD COLUMN holiday_region text CHECK (holiday_region ~ '^[A-Z]{2}(-[A-Z0-9]{1,3})?$'),
  ADD COLUMN lead_user_id integer REFERENCES app_user (id) ON DELETE SET NULL;

CREATE TABLE automation (
  id serial PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  state text NOT NULL DEFAULT 'entwurf' CHECK (state IN ('entwurf', 'aktiv', 'pausiert')),
  -- The trigger of the current version, for the database's quick "is anyone listening" check below.
  trigger_kind text NOT NULL CHECK (trigger_kind IN ('beleg', 'eigenerStatus', 'datum', 'inaktiv', 'nps')),
  -- A branch's automation (made by its sales lead) sees only that branch's records; null: every branch.
  branch_id integer REFERENCES branch (id) ON DELETE CASCADE,
  -- Who is told when it is paused by the rate cap (the person who last activated or saved it).
  owner_oid text NOT NULL,
  owner_name text NOT NULL,
  runs_per_minute integer NOT NULL DEFAULT 500 CHECK (runs_per_minute BETWEEN 1 AND 100000),
  paused_reason text,
  -- Time triggers never fire for days before the automation first went live.
  first_activated_at timestamptz,
  -- A starter recipe's key (one automation per recipe).
  recipe_key text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  version integer NOT NULL DEFAULT 1
);
CREATE INDEX automation_active_idx ON automation (trigger_kind) WHERE state = 'aktiv';

-- Each save is a new version; runs keep the version they were made with and finish on it.
CREATE TABLE automation_version (
  id serial PRIMARY KEY,
  automation_id integer NOT NULL REFERENCES automation (id) ON DELETE CASCADE,
  number integer NOT NULL,
  definition jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL,
  UNIQUE (automation_id, number)
);
ALTER TABLE automation ADD COLUMN current_version_id integer REFERENCES automation_version (id);

-- A run: one automation on one record for one occurrence (the dedupe key says which), worked off by any
-- instance as a job of the job library (`job_id`: the one job that may work it; null while its automation is
-- paused). `step` is the next action to do: a retry goes on from the step that failed.
CREATE TABLE automation_run (
  id bigserial PRIMARY KEY,
  automation_id integer NOT NULL REFERENCES automation (id) ON DELETE CASCADE,
  version_id integer NOT NULL REFERENCES automation_version (id),
  dedupe_key text NOT NULL UNIQUE,
  vorgang_id integer REFERENCES vorgang (id) ON DELETE CASCADE,
  customer_id integer,
  -- What started it, in German ("Rechnung R-1 eingegangen", "Eigener Status: Neu → Aufmaß geplant").
  occurrence text NOT NULL,
  -- The automations of the chain that led here (this one last): a write of a run starts no automation of
  -- its own chain, and a chain stops at MAX_CHAIN_DEPTH links.
  chain integer[] NOT NULL,
  origin_run_id bigint REFERENCES automation_run (id) ON DELETE SET NULL,
  state text NOT NULL DEFAULT 'wartend' CHECK (state IN ('wartend', 'laeuft', 'fertig', 'fehler', 'uebersprungen')),
  step integer NOT NULL DEFAULT 0,
  attempts integer NOT NULL DEFAULT 0,
  due_at timestamptz NOT NULL DEFAULT now(),
  job_id uuid DEFAULT gen_random_uuid(),
  claim_token uuid,
  claimed_at timestamptz,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX automation_run_parked_idx ON automation_run (automation_id) WHERE state = 'wartend' AND job_id IS NULL;
CREATE INDEX automation_run_automation_idx ON automation_run (automation_id, id DESC);
CREATE INDEX automation_run_started_idx ON automation_run (automation_id, started_at) WHERE started_at IS NOT NULL;
CREATE INDEX automation_run_vorgang_idx ON automation_run (vorgang_id) WHERE vorgang_id IS NOT NULL;
CREATE INDEX automation_run_customer_idx ON automation_run (customer_id) WHERE customer_id IS NOT NULL;
CREATE INDEX automation_run_origin_idx ON automation_run (origin_run_id) WHERE origin_run_id IS NOT NULL;

-- What each action of a run did (or why not): the run log and the timelines' "Automatisch: …" lines.
CREATE TABLE automation_run_step (
  run_id bigint NOT NULL REFERENCES automation_run (id) ON DELETE CASCADE,
  step integer NOT NULL,
  action text NOT NULL,
  state text NOT NULL CHECK (state IN ('fertig', 'fehler', 'uebersprungen')),
  summary text NOT NULL,
  -- For whom, until when, why skipped: the rest of the log line.
  detail text,
  error text,
  at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (run_id, step)
);

-- Record events the database writes itself on every path (the data sync, a page, the board, a bulk job, the
-- survey link), only while an active automation listens for that kind. `origin_run_id` is the run whose write
-- it was (the transaction's setting fenster.automation_run), for the loop guard.
CREATE TABLE automation_event (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('beleg', 'eigenerStatus', 'nps')),
  vorgang_id integer,
  customer_id integer,
  record_id integer NOT NULL,
  details jsonb NOT NULL DEFAULT '{}',
  origin_run_id bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION automation_origin_run() RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT nullif(current_setting('fenster.automation_run', true), '')::bigint
$$;

CREATE FUNCTION automation_listens(what text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM automation WHERE state = 'aktiv' AND trigger_kind = what)
$$;

CREATE FUNCTION automation_beleg_arrived() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF automation_listens('beleg') THEN
    INSERT INTO automation_event (kind, vorgang_id, record_id, details, origin_run_id)
    VALUES ('beleg', NEW.vorgang_id, NEW.id,
      jsonb_build_object('belegType', NEW.beleg_type, 'belegNumber', NEW.beleg_number), automation_origin_run());
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER automation_beleg AFTER INSERT ON beleg
  FOR EACH ROW EXECUTE FUNCTION automation_beleg_arrived();

CREATE FUNCTION automation_status_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF automation_listens('eigenerStatus') THEN
    INSERT INTO automation_event (kind, vorgang_id, customer_id, record_id, details, origin_run_id)
    VALUES ('eigenerStatus', NEW.id, NEW.customer_id, NEW.id,
      jsonb_build_object('from', OLD.custom_status_id, 'to', NEW.custom_status_id), automation_origin_run());
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER automation_status AFTER UPDATE OF custom_status_id ON vorgang
  FOR EACH ROW WHEN (OLD.custom_status_id IS DISTINCT FROM NEW.custom_status_id)
  EXECUTE FUNCTION automation_status_changed();

CREATE FUNCTION automation_nps_answered() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF automation_listens('nps') THEN
    INSERT INTO automation_event (kind, vorgang_id, customer_id, record_id, details, origin_run_id)
    VALUES ('nps', NEW.vorgang_id, NEW.customer_id, NEW.id, jsonb_build_object('score', NEW.score),
      automation_origin_run());
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER automation_nps AFTER INSERT ON nps_answer
  FOR EACH ROW EXECUTE FUNCTION automation_nps_answered();

-- The time triggers' sweep finds its Vorgänge by these (open ones by their last activity, offers by day).
CREATE INDEX vorgang_open_last_touch_idx ON vorgang (coalesce(last_activity_at, created_at), id)
  WHERE system_status IN ('anfrage', 'angebot', 'auftrag');
CREATE INDEX vorgang_first_offer_day_idx ON vorgang (first_offer_date) WHERE first_offer_date IS NOT NULL;
CREATE INDEX activity_montage_idx ON activity (activity_date, vorgang_id) WHERE activity_type = 'montage';
