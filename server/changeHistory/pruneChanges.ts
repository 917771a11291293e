import { sql } from 'kysely';
import { dropPartitionsBefore } from '../platform/db/partitionQueries';
import { defineJob } from '../platform/jobs/defineJob';

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
  run: async (_data, { app }) => {
    const { rows } = await sql<{ cutoff: Date }>`
      SELECT now() - make_interval(months => (
        SELECT coalesce((SELECT change_history_months FROM global_settings WHERE id = 1), 24))) AS cutoff`.execute(
      app.db,
    );
    const cutoff = rows[0]!.cutoff;
    await dropPartitionsBefore(app.db, 'change_record', cutoff);
    const result = await sql`DELETE FROM change_record WHERE at < ${cutoff}`.execute(app.db);
    return Number(result.numAffectedRows ?? 0);
  },
});
