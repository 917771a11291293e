import { defineJob } from '../platform/jobs/defineJob';
import { deleteExpiredChanges } from './changeQueries';

/**
 * Removes the Änderungsverlauf's rows older than the months set in Admin → Einstellungen (default 24); daily
 * at night, once across all instances. Whole months go by dropping their partition; the month the limit falls in
 * is trimmed row by row. Answers the rows deleted one by one (a dropped month is not counted).
 */
export const pruneChangeHistory = defineJob({
  name: 'changeHistory.prune',
  label: 'Änderungsverlauf aufräumen',
  schedule: '20 2 * * *',
  policy: 'singleton',
  run: async (_data, { app }) => deleteExpiredChanges(app.db),
});
