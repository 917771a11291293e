import { defineJob } from '../platform/jobs/defineJob';
import { deleteExpiredChanges } from './changeQueries';

/**
 * Deletes the Änderungsverlauf's rows older than the months set in Admin → Einstellungen (default 24); daily
 * at night, once across all instances.
 */
export const pruneChangeHistory = defineJob({
  name: 'changeHistory.prune',
  label: 'Änderungsverlauf aufräumen',
  schedule: '20 2 * * *',
  policy: 'singleton',
  run: async (_data, { app }) => deleteExpiredChanges(app.db),
});
