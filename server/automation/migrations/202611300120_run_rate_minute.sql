-- The end of the clock minute in which a run took its number under its automation's rate cap: a claim tried
-- again (handed over, retried under load) in the same minute finds it and does not count the start twice.
ALTER TABLE automation_run ADD COLUMN rate_minute_ends timestamptz;
