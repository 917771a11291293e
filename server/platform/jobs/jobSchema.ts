import type pg from 'pg';
import { PgBoss, type Db } from 'pg-boss';
import { poolOf, type Database } from '../db/database';

/** The job library's tables live apart from the product's (`public`): PgBoss's own schema. */
export const JOB_SCHEMA = 'pgboss';

/** The job library's access to the instance's pool: its SQL text as it is, no connection of its own. */
export function jobDatabase(pool: pg.Pool): Db {
  return {
    executeSql: async (text, values) => pool.query(text, values as unknown[] | undefined),
  };
}

/**
 * Installs or upgrades the job library's schema (after the product's migrations; the library keeps its own
 * version in `pgboss.version` and migrates from any earlier one under an advisory lock, so instances starting
 * together wait for one another). Purely additive: the previous release of the product ignores it.
 */
export async function ensureJobSchema(db: Database): Promise<void> {
  const boss = new PgBoss({
    db: jobDatabase(poolOf(db)),
    schema: JOB_SCHEMA,
    supervise: false,
    schedule: false,
  });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.stop({ graceful: false, close: false });
}
