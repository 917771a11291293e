-- Sales management (targets, curve), text templates, per-user offer settings and global settings.
CREATE TABLE sales_target (
  id serial PRIMARY KEY,
  user_id integer REFERENCES app_user (id),
  branch_id integer REFERENCES branch (id),
  year integer NOT NULL CHECK (year BETWEEN 2000 AND 2100),
  product_group_id integer REFERENCES product_group (id),
  target_cents bigint NOT NULL CHECK (target_cents >= 0),
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  CHECK ((user_id IS NULL) <> (branch_id IS NULL))
);
CREATE UNIQUE INDEX sales_target_key ON sales_target (
  coalesce(user_id, 0), coalesce(branch_id, 0), year, coalesce(product_group_id, 0)
);

-- Share of the yearly target expected per month, in percent; the twelve sum to 100.
CREATE TABLE sales_curve_month (
  month smallint PRIMARY KEY CHECK (month BETWEEN 1 AND 12),
  share_percent numeric(5, 2) NOT NULL CHECK (share_percent BETWEEN 0 AND 100),
  version integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text
);

CREATE TABLE text_template (
  id serial PRIMARY KEY,
  name text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  visibility text NOT NULL DEFAULT 'alle' CHECK (visibility IN ('alle', 'gruppen', 'benutzer')),
  active boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text
);
CREATE UNIQUE INDEX text_template_name_key ON text_template (lower(name));

CREATE TABLE text_template_group (
  template_id integer NOT NULL REFERENCES text_template (id) ON DELETE CASCADE,
  group_name text NOT NULL,
  PRIMARY KEY (template_id, group_name)
);

CREATE TABLE text_template_user (
  template_id integer NOT NULL REFERENCES text_template (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  PRIMARY KEY (template_id, user_id)
);

-- Per-user layout of the simplified offer PDF (vorgang/saveSimplifiedOfferUserConfiguration).
CREATE TABLE simplified_offer_config (
  user_oid text PRIMARY KEY,
  show_unit_prices boolean NOT NULL DEFAULT true,
  show_position_totals boolean NOT NULL DEFAULT true,
  show_article_numbers boolean NOT NULL DEFAULT false,
  intro_text text,
  closing_text text,
  version integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Custom text per PosNr for the simplified offer (kunde/addCustomDescriptionToPosNr) lives on
-- beleg_position.custom_description.

-- One row: the tenant's settings, edited as one form.
CREATE TABLE global_settings (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  company_name text NOT NULL DEFAULT '',
  company_street text,
  company_zip text,
  company_city text,
  company_country char(2) NOT NULL DEFAULT 'AT',
  company_phone text,
  company_email text,
  company_website text,
  company_vat_id text,
  company_register text,
  company_bank text,
  company_iban text,
  mail_sender_name text,
  mail_sender_address text,
  default_due_days integer NOT NULL DEFAULT 7 CHECK (default_due_days BETWEEN 0 AND 365),
  offer_validity_days integer NOT NULL DEFAULT 30 CHECK (offer_validity_days BETWEEN 1 AND 365),
  nps_enabled boolean NOT NULL DEFAULT true,
  nps_delay_days integer NOT NULL DEFAULT 14 CHECK (nps_delay_days BETWEEN 0 AND 365),
  version integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text
);
