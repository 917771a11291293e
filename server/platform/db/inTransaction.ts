import type { Database } from './database';

/**
 * Runs `work` in a transaction: the caller's own when `db` already is one (an idempotent create runs inside
 * the transaction that stores its key, server/platform/idempotency), else a new one. Kysely refuses to open
 * a transaction inside a transaction, so functions that may be called either way take this path.
 */
export function inTransaction<T>(db: Database, work: (trx: Database) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
