import { sql } from 'kysely';
import type { PeriodicJob } from '../platform/jobs/periodicJob';

/**
 * Deletes the Änderungsverlauf's rows older than the months set in Admin → Einstellungen (default 24); daily,
 * one instance at a time (advisory lock),.
 */
export const pruneChangeHistory: PeriodicJob = {
  name: 'Änderungsverlauf aufräumen',
  lockId: 41_001,
  everyMs: 24 * 60 * 60 * 1000,
  run: async (trx) => {
    const result = await sql`
      DELETE FROM change_record WHERE at < now() - make_interval(months => (
        SELECT coalesce((SELECT change_history_months FROM global_settings WHERE id = 1), 24)))`.execute(trx);
    return Number(result.numAffectedRows ?? 0);
  },
};
