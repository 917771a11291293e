-- The customer list's "Name" column (Firma, or Nachname, Vorname) as one sortable, filterable column.
ALTER TABLE customer ADD COLUMN display_name text
  GENERATED ALWAYS AS (coalesce(company_name, last_name || coalesce(', ' || first_name, ''))) STORED;
CREATE INDEX customer_display_name_sort_idx ON customer (display_name, id);
CREATE INDEX customer_display_name_trgm_idx ON customer USING gin (display_name gin_trgm_ops);
CREATE INDEX customer_last_activity_idx ON customer (last_activity_at DESC NULLS LAST, id);
-- "Beginnt mit" on the name: a range scan (trigrams cannot narrow a two-letter prefix).
CREATE INDEX customer_display_name_prefix_idx ON customer (lower(display_name) text_pattern_ops);
