import { sql } from 'kysely';
import type { Database } from './database';

/** A table range-partitioned by time (migration 202611291430_time_partitions.sql) and how far ahead it is made. */
export interface TimePartitioned {
  table: string;
  unit: 'month' | 'hour';
  /** How far beyond now partitions exist, as a PostgreSQL interval ('2 months'). */
  ahead: string;
}

/** The tables partitioned by month, made two months ahead by the hourly job. */
export const MONTHLY_TABLES: readonly TimePartitioned[] = [
  'change_record',
  'vorgang_event',
  'analytics_event',
  'idempotency_claim',
].map((table) => ({ table, unit: 'month', ahead: '2 months' }));

/** The rate limit's counters by hour (their windows last a minute), made three hours ahead. */
export const RATE_LIMIT_TABLE: TimePartitioned = {
  table: 'rate_limit_window',
  unit: 'hour',
  ahead: '3 hours',
};

/**
 * Makes the partitions from the current one up to `ahead` that are missing (rows that meanwhile landed in the
 * default partition move into theirs); answers how many were made.
 */
export async function ensurePartitionsAhead(db: Database, table: TimePartitioned): Promise<number> {
  const { rows } = await sql<{ made: number }>`
    SELECT ensure_time_partitions(${table.table}, ${table.unit}, now(), now() + ${table.ahead}::interval) AS made`.execute(
    db,
  );
  return rows[0]!.made;
}

/** Drops every partition of `table` whose range ended at or before `cutoff`; answers how many. */
export async function dropPartitionsBefore(db: Database, table: string, cutoff: Date): Promise<number> {
  const { rows } = await sql<{ dropped: number }>`
    SELECT drop_time_partitions_before(${table}, ${cutoff.toISOString()}::timestamptz) AS dropped`.execute(
    db,
  );
  return rows[0]!.dropped;
}

/** The partitions of `table` by name, oldest first (the default partition last). */
export async function partitionsOf(db: Database, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = ${table}::regclass ORDER BY c.relname LIKE '%\\_default', c.relname`.execute(db);
  return rows.map((row) => row.name);
}
