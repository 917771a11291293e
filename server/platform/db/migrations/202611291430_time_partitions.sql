-- Tables that grow without bound are range-partitioned by time: retention drops a whole partition (no DELETE of
-- millions of rows, no bloat left for VACUUM), and a query over recent rows reads recent partitions only.
-- Partitions are named <table>_p<YYYYMM> (by month) or <table>_p<YYYYMMDDHH> (by hour), their bounds in UTC; each
-- table has a <table>_default partition that catches a row no partition was made for yet (an instance stopped for
-- months), which ensure_time_partitions moves into its partition when it makes it. The platform's periodic job
-- (server/platform/db/partitionJob.ts) makes the partitions ahead; the areas' retention jobs drop old ones.

-- Makes the missing partitions of `parent` for every `unit` ('month' or 'hour') from the one holding `since` up to
-- `until`; rows already in the default partition for such a range move into it. Answers how many it made.
-- A partition is made as a table of its own and then attached, which locks the parent only against other
-- changes of its layout (SHARE UPDATE EXCLUSIVE): reads and writes go on.
CREATE FUNCTION ensure_time_partitions(parent text, unit text, since timestamptz, until timestamptz)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  lower timestamptz := date_trunc(unit, since AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  step interval := ('1 ' || unit)::interval;
  fmt text := CASE unit WHEN 'month' THEN 'YYYYMM' WHEN 'hour' THEN 'YYYYMMDDHH24' END;
  col text;
  persistence text;
  part text;
  made integer := 0;
BEGIN
  IF fmt IS NULL THEN RAISE EXCEPTION 'unit must be month or hour, not %', unit; END IF;
  SELECT a.attname INTO col FROM pg_partitioned_table p
    JOIN pg_attribute a ON a.attrelid = p.partrelid AND a.attnum = p.partattrs[0]
    WHERE p.partrelid = parent::regclass;
  SELECT CASE c.relpersistence WHEN 'u' THEN 'UNLOGGED ' ELSE '' END INTO persistence
    FROM pg_class c WHERE c.oid = (parent || '_default')::regclass;
  WHILE lower < until LOOP
    part := parent || '_p' || to_char(lower AT TIME ZONE 'UTC', fmt);
    IF to_regclass(part) IS NULL THEN
      EXECUTE format('CREATE %sTABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', persistence, part, parent);
      EXECUTE format('WITH moved AS (DELETE FROM %I WHERE %I >= $1 AND %I < $2 RETURNING *) INSERT INTO %I SELECT * FROM moved',
                     parent || '_default', col, col, part) USING lower, lower + step;
      EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', parent, part, lower, lower + step);
      made := made + 1;
    END IF;
    lower := lower + step;
  END LOOP;
  RETURN made;
END $$;

-- Drops every partition of `parent` whose range ends at or before `cutoff` (never the default partition).
-- Answers how many. Each drop locks the parent for a moment (ACCESS EXCLUSIVE), like a short DDL statement.
CREATE FUNCTION drop_time_partitions_before(parent text, cutoff timestamptz)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  part record;
  dropped integer := 0;
BEGIN
  FOR part IN
    SELECT c.oid::regclass AS rel,
           (regexp_match(pg_get_expr(c.relpartbound, c.oid), 'TO \(''([^'']+)''\)'))[1]::timestamptz AS upper
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = parent::regclass
  LOOP
    IF part.upper IS NOT NULL AND part.upper <= cutoff THEN
      EXECUTE format('DROP TABLE %s', part.rel);
      dropped := dropped + 1;
    END IF;
  END LOOP;
  RETURN dropped;
END $$;

-- Expand/contract for one existing table: a partitioned table of the same name, columns, defaults, checks,
-- indexes and foreign keys takes its place within the migration's transaction; the previous release, which
-- reads and writes it by name, goes on working unchanged. Writes wait for the copy (EXCLUSIVE lock), reads go on.
-- The primary key and unique indexes gain the partition column (PostgreSQL checks uniqueness per partition only).
-- The sequence now belongs to the new table. A count differing after the copy aborts the migration; otherwise the
-- old table is dropped at once: a copy kept for later would hold personal data an erasure (Art. 17) never reaches.
CREATE FUNCTION partition_table_by_time(tbl text, col text, unit text, ahead interval)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  old text := tbl || '_before_partitioning';
  idx record;
  fk record;
  seq record;
  keys text;
  copied bigint;
  kept bigint;
  earliest timestamptz;
  persistence text;
BEGIN
  EXECUTE format('LOCK TABLE %I IN EXCLUSIVE MODE', tbl);
  SELECT CASE relpersistence WHEN 'u' THEN 'UNLOGGED ' ELSE '' END INTO persistence
    FROM pg_class WHERE oid = tbl::regclass;
  CREATE TEMP TABLE partition_indexes ON COMMIT DROP AS
    SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def, i.indisprimary AS is_primary,
           i.indisunique AS is_unique,
           (SELECT string_agg(quote_ident(a.attname), ', ' ORDER BY k.ord) FROM unnest(i.indkey) WITH ORDINALITY k(attnum, ord)
              JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum) AS columns,
           EXISTS (SELECT 1 FROM unnest(i.indkey) k(attnum) JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
                   WHERE a.attname = col) AS has_col
    FROM pg_index i WHERE i.indrelid = tbl::regclass;
  CREATE TEMP TABLE partition_fks ON COMMIT DROP AS
    SELECT conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint
    WHERE conrelid = tbl::regclass AND contype = 'f';
  EXECUTE format('ALTER TABLE %I RENAME TO %I', tbl, old);
  FOR idx IN SELECT * FROM partition_indexes LOOP
    EXECUTE format('ALTER INDEX %I RENAME TO %I', idx.name, left(idx.name, 50) || '_bp');
  END LOOP;
  FOR fk IN SELECT * FROM partition_fks LOOP
    EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', old, fk.name);
  END LOOP;

  EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING COMMENTS) PARTITION BY RANGE (%I)',
                 tbl, old, col);
  FOR idx IN SELECT * FROM partition_indexes LOOP
    keys := idx.columns || CASE WHEN idx.has_col THEN '' ELSE ', ' || quote_ident(col) END;
    IF idx.is_primary THEN
      EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I PRIMARY KEY (%s)', tbl, idx.name, keys);
    ELSIF idx.is_unique THEN
      EXECUTE format('CREATE UNIQUE INDEX %I ON %I (%s)', idx.name, tbl, keys);
    ELSE
      EXECUTE idx.def;
    END IF;
  END LOOP;
  FOR fk IN SELECT * FROM partition_fks LOOP
    EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I %s', tbl, fk.name, fk.def);
  END LOOP;
  FOR seq IN
    SELECT a.attname, pg_get_serial_sequence(old, a.attname) AS name FROM pg_attribute a
    WHERE a.attrelid = old::regclass AND a.attnum > 0 AND NOT a.attisdropped AND pg_get_serial_sequence(old, a.attname) IS NOT NULL
  LOOP
    EXECUTE format('ALTER SEQUENCE %s OWNED BY %I.%I', seq.name, tbl, seq.attname);
  END LOOP;

  EXECUTE format('CREATE %sTABLE %I PARTITION OF %I DEFAULT', persistence, tbl || '_default', tbl);
  EXECUTE format('SELECT min(%I) FROM %I', col, old) INTO earliest;
  PERFORM ensure_time_partitions(tbl, unit, coalesce(earliest, now()), now() + ahead);
  EXECUTE format('INSERT INTO %I SELECT * FROM %I', tbl, old);
  GET DIAGNOSTICS copied = ROW_COUNT;
  EXECUTE format('SELECT count(*) FROM %I', old) INTO kept;
  IF copied <> kept THEN
    RAISE EXCEPTION '% : % rows copied of %', tbl, copied, kept;
  END IF;
  EXECUTE format('DROP TABLE %I', old);
  EXECUTE format('ANALYZE %I', tbl);
  DROP TABLE partition_indexes;
  DROP TABLE partition_fks;
END $$;

-- Idempotency-Keys by month of their creation, in a table of its own: PostgreSQL checks a unique key per
-- partition only, so the previous release's claim (INSERT … ON CONFLICT on caller and key) could not work on a
-- partitioned idempotency_key. Expand (this release): the claim takes a transaction lock on caller and key, reads
-- here (then the old table), and writes both, so instances of the previous release, which know only
-- idempotency_key, still see every key during a rolling update. Contract (a later release): stop writing
-- idempotency_key, drop it.
CREATE TABLE idempotency_claim (
  caller_oid text NOT NULL,
  key uuid NOT NULL,
  request_hash text NOT NULL,
  response_status integer NOT NULL DEFAULT 200,
  response_body json,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (caller_oid, key, created_at)
) PARTITION BY RANGE (created_at);
CREATE TABLE idempotency_claim_default PARTITION OF idempotency_claim DEFAULT;
-- From the oldest kept key's month: in a month's first days the keys of the month before are still kept.
SELECT ensure_time_partitions('idempotency_claim', 'month', LEAST(now(), (SELECT min(created_at) FROM idempotency_key)),
  now() + interval '2 months');
INSERT INTO idempotency_claim SELECT caller_oid, key, request_hash, response_status, response_body, created_at
FROM idempotency_key;

-- Rate-limit counters by hour of their window's end, in a table of its own, unlogged like the old one. A window
-- is fixed now (each minute from :00), so a counter is (key, window end) and an upsert never moves a row to
-- another partition; a partition whose hour has passed holds only ended windows and is dropped whole. The
-- previous release keeps counting in rate_limit_hit during a rolling update (a limit then counts on old and new
-- instances apart); contract: drop rate_limit_hit and its pruning.
CREATE TABLE rate_limit_window (
  key text NOT NULL,
  window_ends timestamptz NOT NULL,
  hits integer NOT NULL,
  PRIMARY KEY (key, window_ends)
) PARTITION BY RANGE (window_ends);
CREATE UNLOGGED TABLE rate_limit_window_default PARTITION OF rate_limit_window DEFAULT;
SELECT ensure_time_partitions('rate_limit_window', 'hour', now(), now() + interval '3 hours');
