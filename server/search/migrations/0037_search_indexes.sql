-- Strg+K: Endkunden are found by any word of their name or town (contains, trigram index, the
-- same expression as the query), and each hit names its newest Vorgang, read through the index below.
CREATE INDEX end_customer_search_trgm_idx ON end_customer USING gin (lower(name || ' ' || coalesce(city, '')) gin_trgm_ops);
CREATE INDEX vorgang_end_customer_idx ON vorgang (end_customer_id, id DESC) WHERE end_customer_id IS NOT NULL;
