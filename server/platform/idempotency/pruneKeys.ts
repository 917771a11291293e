import { sql } from 'kysely';
import { IDEMPOTENCY_KEEP_DAYS } from '../../../src/api/idempotency.rules';
import { defineJob } from '../jobs/defineJob';

/** Forgets Idempotency-Keys older than 7 days (the offline outbox's longest retry); hourly, once across instances. */
export const pruneIdempotencyKeys = defineJob({
  name: 'platform.pruneIdempotencyKeys',
  label: 'Idempotency-Keys aufräumen',
  schedule: '7 * * * *',
  policy: 'singleton',
  run: async (_data, { app }) => {
    const result = await sql`DELETE FROM idempotency_key
      WHERE created_at < now() - make_interval(days => ${IDEMPOTENCY_KEEP_DAYS})`.execute(app.db);
    return Number(result.numAffectedRows ?? 0);
  },
});
