-- Rate limits hold per client across all instances. Each counted request upserts one row per
-- (route, person or address) for the current window; a request after the window starts it again. Unlogged:
-- counters need no crash safety or replication (after a crash everyone starts with a fresh minute), and
-- writing them costs no WAL. Rows whose window has ended are pruned by a periodic job.
CREATE UNLOGGED TABLE rate_limit_hit (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  window_ends timestamptz NOT NULL
);

CREATE INDEX rate_limit_hit_window_ends_idx ON rate_limit_hit (window_ends);
