import { sql } from 'kysely';
import type { Database } from './database';

/**
 * Runs `work` in a transaction: the caller's own when `db` already is one (an idempotent create runs inside
 * the transaction that stores its key, server/platform/idempotency), else a new one. Kysely refuses to open
 * a transaction inside a transaction, so functions that may be called either way take this path.
 */
export function inTransaction<T>(db: Database, work: (trx: Database) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** Sets a savepoint in transaction `trx`: a later rollbackTo(name) undoes what follows, the rest stays. */
export async function savepoint(trx: Database, name: string): Promise<void> {
  await sql`SAVEPOINT ${sql.id(name)}`.execute(trx);
}

/** Undoes what transaction `trx` did since savepoint `name`. */
export async function rollbackTo(trx: Database, name: string): Promise<void> {
  await sql`ROLLBACK TO SAVEPOINT ${sql.id(name)}`.execute(trx);
}
