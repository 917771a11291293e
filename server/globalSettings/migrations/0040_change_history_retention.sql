-- How long the Änderungsverlauf keeps its rows (Admin → Einstellungen); older rows are pruned by a
-- background job. Default 24 months.
ALTER TABLE global_settings
  ADD COLUMN change_history_months integer NOT NULL DEFAULT 24 CHECK (change_history_months BETWEEN 1 AND 120);
