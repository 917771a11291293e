import { sql } from 'kysely';
import { defineJob } from '../platform/jobs/defineJob';

/**
 * Deletes the Änderungsverlauf's rows older than the months set in Admin → Einstellungen (default 24); daily
 * at night, once across all instances.
 */
export const pruneChangeHistory = defineJob({
  name: 'changeHistory.prune',
  label: 'Änderungsverlauf aufräumen',
  schedule: '20 2 * * *',
  policy: 'singleton',
  run: async (_data, { app }) => {
    const result = await sql`
      DELETE FROM change_record WHERE at < now() - make_interval(months => (
        SELECT coalesce((SELECT change_history_months FROM global_settings WHERE id = 1), 24)))`.execute(
      app.db,
    );
    return Number(result.numAffectedRows ?? 0);
  },
});
