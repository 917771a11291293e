-- The Vorgänge list: quick search, filters and sorts in SQL on ~235,000 Vorgänge.

-- Quick search "contains" over Vorgangsnummer and Bezeichnung in one trigram index (the query uses the same
-- expression); the customer's name is searched through customer_display_name_trgm_idx (0006).
CREATE INDEX vorgang_search_trgm_idx ON vorgang USING gin (lower(vorgang_number || ' ' || title) gin_trgm_ops);
-- Belegnummer in the quick search (contains), and typed in full in any case (vorgang/by-belegnr).
CREATE INDEX beleg_number_trgm_idx ON beleg USING gin (lower(beleg_number) gin_trgm_ops);
CREATE INDEX beleg_number_lower_idx ON beleg (lower(beleg_number) text_pattern_ops);
-- "Beginnt mit" on Vorgangsnummer and Bezeichnung (column filters): a range scan.
CREATE INDEX vorgang_number_prefix_idx ON vorgang (lower(vorgang_number) text_pattern_ops);
CREATE INDEX vorgang_title_prefix_idx ON vorgang (lower(title) text_pattern_ops);

-- Default order (letzte Aktivität, newest first) and the other sortable columns: the first page reads
-- 25 index entries instead of sorting every match.
CREATE INDEX vorgang_last_activity_idx ON vorgang (last_activity_at DESC NULLS LAST, id DESC);
CREATE INDEX vorgang_created_idx ON vorgang (created_at, id);
CREATE INDEX vorgang_net_total_idx ON vorgang (net_total_cents, id);
CREATE INDEX vorgang_expected_order_idx ON vorgang (expected_order_date, id);

-- Filters; system_status rides along so the status tab counts come from the index alone.
CREATE INDEX vorgang_status_idx ON vorgang (system_status, last_activity_at DESC NULLS LAST, id DESC);
CREATE INDEX vorgang_branch_status_idx ON vorgang (branch_id, system_status);
CREATE INDEX vorgang_seller_status_idx ON vorgang (seller_user_id, system_status);
CREATE INDEX vorgang_origin_status_idx ON vorgang (origin, system_status);

-- Vorgänge made in the CRM before the ERP knows them get "CRM-000001", … (the ERP numbers are "V26-…" or
-- "VE-…"); the ERP takes the number over and the data sync attaches its Belege to that Vorgang.
CREATE SEQUENCE vorgang_crm_number_seq;
