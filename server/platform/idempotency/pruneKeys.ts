import { sql } from 'kysely';
import { IDEMPOTENCY_KEEP_DAYS } from '../../../src/api/idempotency.rules';
import type { PeriodicJob } from '../jobs/periodicJob';

/** Forgets Idempotency-Keys older than 7 days (the offline outbox's longest retry); hourly, one instance at a time. */
export const pruneIdempotencyKeys: PeriodicJob = {
  name: 'Idempotency-Keys aufräumen',
  lockId: 37_001,
  everyMs: 60 * 60 * 1000,
  run: async (trx) => {
    const result = await sql`DELETE FROM idempotency_key
      WHERE created_at < now() - make_interval(days => ${IDEMPOTENCY_KEEP_DAYS})`.execute(trx);
    return Number(result.numAffectedRows ?? 0);
  },
};
