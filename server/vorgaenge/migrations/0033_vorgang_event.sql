-- What a seller changed on a Vorgang besides its system status (which stays in
-- vorgang_status_change): Eigener Status (page or board), labels, files, Verkäufer. One row per change, written
-- in the change's transaction; the Vorgang's Statusverlauf and timeline read it. `details` keeps the names as
-- they were then (a status or label renamed later does not rewrite the history).
CREATE TABLE vorgang_event (
  id bigserial PRIMARY KEY,
  vorgang_id integer NOT NULL REFERENCES vorgang (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('eigener_status', 'label_hinzu', 'label_entfernt', 'label_faellig',
                                      'datei_hoch', 'datei_geloescht', 'verkaeufer')),
  -- The Vorgang's version after the change (null: a file, which does not count a version). A stale change at an
  -- older version learns from it what happened: a move on the board ("verschoben") or another change ("geändert").
  version integer,
  -- 'board' for a move on the Kartenansicht, 'page' for a change on the Vorgang's page.
  via text NOT NULL DEFAULT 'page' CHECK (via IN ('page', 'board')),
  details jsonb NOT NULL DEFAULT '{}',
  changed_at timestamptz NOT NULL DEFAULT now(),
  changed_by text
);
CREATE INDEX vorgang_event_vorgang_idx ON vorgang_event (vorgang_id, changed_at DESC, id DESC);
CREATE INDEX vorgang_event_version_idx ON vorgang_event (vorgang_id, version) WHERE version IS NOT NULL;
