-- Days without activity after which an open Vorgang in this status counts as stagnating; NULL: never.
ALTER TABLE custom_status ADD COLUMN stagnant_after_days smallint
  CONSTRAINT custom_status_stagnant_after_days_check CHECK (stagnant_after_days BETWEEN 1 AND 365);
