-- Gespeicherte Ansichten: a list's filters, sort, columns and page size under a name, kept on the
-- server so that they follow the person to another device. A view is its owner's, shared with one branch, or
-- with everyone; version answers a stale change with 409.
CREATE TABLE saved_view (
  id serial PRIMARY KEY,
  owner_oid text NOT NULL,
  owner_name text,
  list_key text NOT NULL,
  name text NOT NULL,
  state jsonb NOT NULL,
  visibility text NOT NULL DEFAULT 'personal' CHECK (visibility IN ('personal', 'branch', 'all')),
  branch_id integer REFERENCES branch (id) ON DELETE CASCADE,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  CHECK ((visibility = 'branch') = (branch_id IS NOT NULL))
);
CREATE INDEX saved_view_owner_idx ON saved_view (owner_oid, list_key);
CREATE INDEX saved_view_shared_idx ON saved_view (list_key, visibility, branch_id) WHERE visibility <> 'personal';

-- Which view a person opens a list with. Per person, not a flag on the view: a shared view can be one
-- colleague's default and not another's.
CREATE TABLE saved_view_default (
  owner_oid text NOT NULL,
  list_key text NOT NULL,
  view_id integer NOT NULL REFERENCES saved_view (id) ON DELETE CASCADE,
  PRIMARY KEY (owner_oid, list_key)
);
CREATE INDEX saved_view_default_view_idx ON saved_view_default (view_id);
