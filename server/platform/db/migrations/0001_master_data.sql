-- Master data of the Admin and Admin-Verkauf areas. Every editable row carries a version for
-- optimistic locking and who changed it last.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE branch (
  id serial PRIMARY KEY,
  name text NOT NULL,
  code text,
  street text,
  zip text,
  city text,
  country char(2) NOT NULL DEFAULT 'AT' CHECK (country IN ('AT', 'DE')),
  phone text,
  email text,
  region text,
  location_group text, -- directory group APP_STANDORT_<x>_<Name> of this branch
  active boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text
);
CREATE UNIQUE INDEX branch_name_key ON branch (lower(name));

-- A described user: a directory account the CRM knows with its sales details.
CREATE TABLE app_user (
  id serial PRIMARY KEY,
  azure_oid text NOT NULL,
  username text,
  name text NOT NULL,
  email text,
  initials text,
  branch_id integer REFERENCES branch (id),
  phone text,
  mail_signature text,
  active boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text
);
CREATE UNIQUE INDEX app_user_azure_oid_key ON app_user (azure_oid);

CREATE TABLE label (
  id serial PRIMARY KEY,
  name text NOT NULL,
  color text NOT NULL DEFAULT '#ff9800',
  for_customer boolean NOT NULL DEFAULT true,
  for_vorgang boolean NOT NULL DEFAULT true,
  due_after_days integer CHECK (due_after_days BETWEEN 0 AND 365),
  active boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text
);
CREATE UNIQUE INDEX label_name_key ON label (lower(name));

CREATE TABLE reason_option (
  id serial PRIMARY KEY,
  text text NOT NULL,
  sort_order integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text
);
CREATE UNIQUE INDEX reason_option_text_key ON reason_option (lower(text));

CREATE TABLE reason_option_label (
  reason_id integer NOT NULL REFERENCES reason_option (id) ON DELETE CASCADE,
  label_id integer NOT NULL REFERENCES label (id),
  PRIMARY KEY (reason_id, label_id)
);
CREATE INDEX reason_option_label_label_idx ON reason_option_label (label_id);

CREATE TABLE stammdaten (
  id serial PRIMARY KEY,
  category text NOT NULL,
  value text NOT NULL,
  sort_order integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text
);
CREATE UNIQUE INDEX stammdaten_category_value_key ON stammdaten (category, lower(value));

CREATE TABLE custom_status (
  id serial PRIMARY KEY,
  name text NOT NULL,
  color text NOT NULL DEFAULT '#607d8b',
  sort_order integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text
);
CREATE UNIQUE INDEX custom_status_name_key ON custom_status (lower(name));

-- The system statuses a Vorgang derives from its Belege (admin/getAllPossibleStatus).
CREATE TABLE possible_status (
  code text PRIMARY KEY,
  name text NOT NULL,
  sort_order integer NOT NULL
);
INSERT INTO possible_status (code, name, sort_order) VALUES
  ('anfrage', 'Anfrage', 1), ('angebot', 'Angebot', 2), ('auftrag', 'Auftrag', 3),
  ('rechnung', 'Rechnung', 4), ('verloren', 'Verloren', 5);

CREATE TABLE product_group (
  id serial PRIMARY KEY,
  name text NOT NULL,
  sort_order integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text
);
CREATE UNIQUE INDEX product_group_name_key ON product_group (lower(name));

CREATE TABLE goods_group (
  id serial PRIMARY KEY,
  code text NOT NULL,
  name text NOT NULL,
  active boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text
);
CREATE UNIQUE INDEX goods_group_code_key ON goods_group (lower(code));

CREATE TABLE article (
  id serial PRIMARY KEY,
  article_number text NOT NULL,
  name text NOT NULL,
  goods_group_id integer REFERENCES goods_group (id),
  unit text NOT NULL DEFAULT 'Stk',
  price_cents bigint NOT NULL DEFAULT 0,
  cost_cents bigint NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text
);
CREATE UNIQUE INDEX article_number_key ON article (article_number);

-- An alias names a family of article numbers by a regular expression.
CREATE TABLE article_alias (
  id serial PRIMARY KEY,
  name text NOT NULL,
  pattern text NOT NULL,
  description text,
  active boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text
);
CREATE UNIQUE INDEX article_alias_name_key ON article_alias (lower(name));

-- A mapping assigns the articles matched by its aliases to a product group, for statistics.
CREATE TABLE article_mapping (
  id serial PRIMARY KEY,
  name text NOT NULL,
  product_group_id integer NOT NULL REFERENCES product_group (id),
  priority integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text
);
CREATE UNIQUE INDEX article_mapping_name_key ON article_mapping (lower(name));

CREATE TABLE article_mapping_alias (
  id serial PRIMARY KEY,
  mapping_id integer NOT NULL REFERENCES article_mapping (id) ON DELETE CASCADE,
  pattern text NOT NULL,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text
);
CREATE INDEX article_mapping_alias_mapping_idx ON article_mapping_alias (mapping_id);

-- The resolved mapping, rebuilt in the background; one job at a time across all instances.
CREATE TABLE article_mapping_cache (
  article_id integer PRIMARY KEY REFERENCES article (id) ON DELETE CASCADE,
  mapping_id integer REFERENCES article_mapping (id) ON DELETE SET NULL,
  product_group_id integer REFERENCES product_group (id) ON DELETE SET NULL,
  built_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE article_mapping_cache_job (
  id serial PRIMARY KEY,
  state text NOT NULL CHECK (state IN ('laeuft', 'fertig', 'fehler')),
  processed integer NOT NULL DEFAULT 0,
  total integer NOT NULL DEFAULT 0,
  error text,
  started_by text,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE UNIQUE INDEX article_mapping_cache_job_running_key ON article_mapping_cache_job ((true)) WHERE state = 'laeuft';
