-- Customers, their Vorgänge with Belege and positions, activities and labels.
CREATE TABLE customer (
  id serial PRIMARY KEY,
  customer_number text,
  customer_type text NOT NULL DEFAULT 'privat' CHECK (customer_type IN ('privat', 'gewerbe', 'haendler')),
  salutation text,
  title text,
  first_name text,
  last_name text,
  company_name text,
  street text,
  zip text,
  city text,
  country char(2) NOT NULL DEFAULT 'AT' CHECK (country IN ('AT', 'DE')),
  phone text,
  mobile text,
  email text,
  branch_id integer REFERENCES branch (id),
  owner_user_id integer REFERENCES app_user (id),
  origin text,
  newsletter_consent boolean NOT NULL DEFAULT false,
  gdpr_consent_at timestamptz,
  custom_fields jsonb NOT NULL DEFAULT '{}'::jsonb,
  last_activity_at timestamptz,
  search_text text GENERATED ALWAYS AS (
    lower(
      coalesce(customer_number, '') || ' ' || coalesce(company_name, '') || ' ' || coalesce(last_name, '') || ' ' ||
      coalesce(first_name, '') || ' ' || coalesce(city, '') || ' ' || coalesce(zip, '') || ' ' ||
      coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(mobile, '')
    )
  ) STORED,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  CHECK (coalesce(company_name, last_name) IS NOT NULL)
);
CREATE UNIQUE INDEX customer_number_key ON customer (customer_number);
CREATE INDEX customer_search_trgm_idx ON customer USING gin (search_text gin_trgm_ops);
CREATE INDEX customer_name_idx ON customer (lower(coalesce(company_name, last_name)) text_pattern_ops);
CREATE INDEX customer_branch_idx ON customer (branch_id);
CREATE INDEX customer_owner_idx ON customer (owner_user_id);
CREATE INDEX customer_email_idx ON customer (lower(email));

CREATE TABLE customer_label (
  customer_id integer NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
  label_id integer NOT NULL REFERENCES label (id),
  due_date date,
  added_at timestamptz NOT NULL DEFAULT now(),
  added_by text,
  PRIMARY KEY (customer_id, label_id)
);
CREATE INDEX customer_label_label_idx ON customer_label (label_id);

CREATE TABLE end_customer (
  id serial PRIMARY KEY,
  name text NOT NULL,
  street text,
  zip text,
  city text,
  country char(2) NOT NULL DEFAULT 'AT' CHECK (country IN ('AT', 'DE')),
  phone text,
  email text,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text
);

CREATE TABLE vorgang (
  id serial PRIMARY KEY,
  vorgang_number text NOT NULL,
  customer_id integer NOT NULL REFERENCES customer (id),
  end_customer_id integer REFERENCES end_customer (id),
  title text NOT NULL,
  origin text,
  branch_id integer REFERENCES branch (id),
  seller_user_id integer REFERENCES app_user (id),
  system_status text NOT NULL DEFAULT 'anfrage' REFERENCES possible_status (code),
  custom_status_id integer REFERENCES custom_status (id),
  board_position integer NOT NULL DEFAULT 0,
  net_total_cents bigint NOT NULL DEFAULT 0,
  plan_db_cents bigint,
  expected_order_date date,
  lost_reason text,
  last_activity_at timestamptz,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text
);
CREATE UNIQUE INDEX vorgang_number_key ON vorgang (vorgang_number);
CREATE INDEX vorgang_customer_idx ON vorgang (customer_id);
CREATE INDEX vorgang_custom_status_idx ON vorgang (custom_status_id, board_position);
CREATE INDEX vorgang_seller_idx ON vorgang (seller_user_id);

CREATE TABLE vorgang_label (
  vorgang_id integer NOT NULL REFERENCES vorgang (id) ON DELETE CASCADE,
  label_id integer NOT NULL REFERENCES label (id),
  due_date date,
  added_at timestamptz NOT NULL DEFAULT now(),
  added_by text,
  PRIMARY KEY (vorgang_id, label_id)
);
CREATE INDEX vorgang_label_due_idx ON vorgang_label (due_date) WHERE due_date IS NOT NULL;
CREATE INDEX vorgang_label_label_idx ON vorgang_label (label_id);

CREATE TABLE vorgang_status_change (
  id bigserial PRIMARY KEY,
  vorgang_id integer NOT NULL REFERENCES vorgang (id) ON DELETE CASCADE,
  from_status text,
  to_status text NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now(),
  changed_by text
);
CREATE INDEX vorgang_status_change_vorgang_idx ON vorgang_status_change (vorgang_id);

CREATE TABLE beleg (
  id serial PRIMARY KEY,
  vorgang_id integer NOT NULL REFERENCES vorgang (id) ON DELETE CASCADE,
  beleg_number text NOT NULL,
  beleg_type text NOT NULL CHECK (beleg_type IN ('angebot', 'auftragsbestaetigung', 'rechnung', 'gutschrift')),
  beleg_date date NOT NULL,
  net_cents bigint NOT NULL DEFAULT 0,
  gross_cents bigint NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'offen',
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text
);
CREATE UNIQUE INDEX beleg_number_key ON beleg (beleg_number);
CREATE INDEX beleg_vorgang_idx ON beleg (vorgang_id);

CREATE TABLE beleg_position (
  id serial PRIMARY KEY,
  beleg_id integer NOT NULL REFERENCES beleg (id) ON DELETE CASCADE,
  pos_nr integer NOT NULL,
  article_number text,
  article_id integer REFERENCES article (id),
  description text NOT NULL,
  custom_description text,
  quantity numeric(12, 3) NOT NULL DEFAULT 1,
  unit text NOT NULL DEFAULT 'Stk',
  unit_price_cents bigint NOT NULL DEFAULT 0,
  total_cents bigint NOT NULL DEFAULT 0,
  goods_group_id integer REFERENCES goods_group (id),
  version integer NOT NULL DEFAULT 1,
  UNIQUE (beleg_id, pos_nr)
);
CREATE INDEX beleg_position_article_idx ON beleg_position (article_id);

-- Beleg-Interaktionen: notes on a Beleg.
CREATE TABLE beleg_note (
  id serial PRIMARY KEY,
  beleg_id integer NOT NULL REFERENCES beleg (id) ON DELETE CASCADE,
  text text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text
);

CREATE TABLE activity (
  id serial PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
  vorgang_id integer REFERENCES vorgang (id) ON DELETE SET NULL,
  activity_type text NOT NULL,
  reason_id integer REFERENCES reason_option (id),
  activity_date timestamptz NOT NULL DEFAULT now(),
  due_date date,
  done boolean NOT NULL DEFAULT false,
  note text,
  user_id integer REFERENCES app_user (id),
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text
);
CREATE INDEX activity_customer_idx ON activity (customer_id, activity_date DESC);
CREATE INDEX activity_due_idx ON activity (user_id, due_date) WHERE NOT done;
CREATE INDEX activity_reason_idx ON activity (reason_id);

CREATE TABLE timeline_note (
  id serial PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
  text text NOT NULL,
  author_oid text NOT NULL,
  author_name text NOT NULL,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX timeline_note_customer_idx ON timeline_note (customer_id, created_at DESC);

-- Private to each user: one note per user and customer.
CREATE TABLE personal_note (
  customer_id integer NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
  user_oid text NOT NULL,
  text text NOT NULL DEFAULT '',
  version integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (customer_id, user_oid)
);

CREATE TABLE nps_answer (
  id serial PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
  vorgang_id integer REFERENCES vorgang (id) ON DELETE SET NULL,
  score smallint NOT NULL CHECK (score BETWEEN 0 AND 10),
  comment text,
  channel text NOT NULL DEFAULT 'email' CHECK (channel IN ('email', 'telefon', 'persoenlich', 'web')),
  answered_at timestamptz NOT NULL DEFAULT now(),
  branch_id integer REFERENCES branch (id),
  seller_user_id integer REFERENCES app_user (id),
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text
);
CREATE INDEX nps_answer_customer_idx ON nps_answer (customer_id);
CREATE INDEX nps_answer_date_idx ON nps_answer (answered_at);
