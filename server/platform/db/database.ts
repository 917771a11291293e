import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DB } from './schema';
import { dbQueryDuration, watchPool } from '../metrics/metrics';
import { preparingPool } from './preparedStatements';

/** The API's database, typed by its tables (schema.ts is generated: npm run db:types). */
export type Database = Kysely<DB>;

// bigint (count, cents) arrives as text by default; amounts stay far below 2^53 cents.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
// Dates without time stay "yyyy-MM-dd" strings, so no time zone can shift a due date.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

// Where each opened database lives, for the few services that need a connection of their own (LISTEN).
const connectionStrings = new WeakMap<Database, string>();
// Its pool, for the job library, which sends its own SQL text (no Kysely) over the same connections.
const pools = new WeakMap<Database, pg.Pool>();

/** The pool under a database opened with openDatabase. */
export function poolOf(db: Database): pg.Pool {
  const pool = pools.get(db);
  if (!pool) throw new Error('Die Datenbank wurde nicht mit openDatabase geöffnet.');
  return pool;
}

/** Where a connection of its own beside the pool goes (LISTEN): the direct URL when the pool goes through PgBouncer. */
export function connectionStringOf(db: Database): string {
  const url = connectionStrings.get(db);
  if (!url) throw new Error('Die Datenbank wurde nicht mit openDatabase geöffnet.');
  return url;
}

/** How a pool reaches PostgreSQL. */
export interface ConnectionOptions {
  /**
   * The database without a pooler in between, when `connectionString` goes through PgBouncer in transaction mode:
   * what holds a session (LISTEN) connects there. Its presence also turns named prepared statements off, which
   * a transaction pooler would send to another server connection than the one that prepared them.
   */
  directUrl?: string;
}

/**
 * Opens a pooled connection to PostgreSQL. `applicationName` names the instance in `pg_stat_activity` (which
 * instance holds a lock or runs a job).
 */
export function openDatabase(
  connectionString: string,
  maxConnections = 10,
  applicationName = 'fenster-crm',
  options: ConnectionOptions = {},
): Database {
  const pool = new pg.Pool({
    connectionString,
    max: maxConnections,
    application_name: applicationName.slice(0, 63),
  });
  // An idle connection the server drops (restart, failover, shutdown) must not crash the API: the
  // pool discards it and the next query opens a new one.
  pool.on('error', (error) => console.warn(`Datenbankverbindung getrennt: ${error.message}`));
  watchPool(pool, maxConnections);
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: preparingPool(pool, !options.directUrl) }),
    // Each query's time for /metrics (Kysely measures it anyway; one histogram observation).
    log: (event) =>
      dbQueryDuration.observe(
        { result: event.level === 'query' ? 'ok' : 'fehler' },
        event.queryDurationMillis / 1000,
      ),
  });
  connectionStrings.set(db, options.directUrl ?? connectionString);
  pools.set(db, pool);
  return db;
}
