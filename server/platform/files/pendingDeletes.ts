import { defineJob } from '../jobs/defineJob';

// Enough for a burst of deletes during an outage; the next run takes the rest.
const BATCH = 200;

/**
 * Deletes the bytes of deleted files that the store refused at the time (it was away), oldest first, every
 * two minutes, once across all instances. Stops at the first failure: the store is still away, and the next
 * run tries again. Deleting is harmless to repeat (a missing object is no error).
 */
export const retryPendingDeletes = defineJob({
  name: 'platform.retryPendingFileDeletes',
  label: 'Gelöschte Dateien aus dem Dateispeicher entfernen',
  schedule: '*/2 * * * *',
  policy: 'singleton',
  run: async (_data, { app }) => {
    const rows = await app.db
      .selectFrom('file_store_pending_delete')
      .select('stored_name as storedName')
      .orderBy('created_at')
      .limit(BATCH)
      .execute();
    let removed = 0;
    for (const { storedName } of rows) {
      if (!(await app.fileStore.removeMarked(storedName, app.db))) break;
      removed++;
    }
    return removed;
  },
});
