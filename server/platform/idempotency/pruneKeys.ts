import { IDEMPOTENCY_KEEP_DAYS } from '../../../src/api/idempotency.rules';
import { dropPartitionsBefore } from '../db/partitionQueries';
import { defineJob } from '../jobs/defineJob';

/**
 * Forgets Idempotency-Keys older than 7 days (the offline outbox's longest retry); hourly, once across instances.
 * Months wholly older go by dropping their partition; the rest row by row (and the previous release's table).
 */
export const pruneIdempotencyKeys = defineJob({
  name: 'platform.pruneIdempotencyKeys',
  label: 'Idempotency-Keys aufräumen',
  schedule: '7 * * * *',
  policy: 'singleton',
  run: async (_data, { app }) => {
    const cutoff = new Date(Date.now() - IDEMPOTENCY_KEEP_DAYS * 24 * 3600_000);
    await dropPartitionsBefore(app.db, 'idempotency_claim', cutoff);
    const claims = await app.db
      .deleteFrom('idempotency_claim')
      .where('created_at', '<', cutoff)
      .executeTakeFirst();
    const old = await app.db
      .deleteFrom('idempotency_key')
      .where('created_at', '<', cutoff)
      .executeTakeFirst();
    return Number(claims.numDeletedRows) + Number(old.numDeletedRows);
  },
});
