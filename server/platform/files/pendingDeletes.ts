import { sql } from 'kysely';
import type { PeriodicJob } from '../jobs/periodicJob';
import type { FileStore } from './fileStore';

// Enough for a burst of deletes during an outage; the next run takes the rest.
const BATCH = 200;

/**
 * Deletes the bytes of deleted files that the store refused at the time (it was away), oldest first, every
 * two minutes on one instance at a time. Stops at the first failure: the store is still away, and the next
 * run tries again. Deleting is harmless to repeat (a missing object is no error).
 */
export function retryPendingDeletes(store: FileStore): PeriodicJob {
  return {
    name: 'Gelöschte Dateien aus dem Dateispeicher entfernen',
    lockId: 40_301,
    everyMs: 2 * 60 * 1000,
    run: async (trx) => {
      const { rows } = await sql<{ storedName: string }>`
        SELECT stored_name AS "storedName" FROM file_store_pending_delete
        ORDER BY created_at LIMIT ${BATCH}`.execute(trx);
      let removed = 0;
      for (const { storedName } of rows) {
        if (!(await store.removeMarked(storedName, trx))) break;
        removed++;
      }
      return removed;
    },
  };
}
