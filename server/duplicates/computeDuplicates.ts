import { defineJob } from '../platform/jobs/defineJob';
import { refreshDuplicates } from './matchKeyQueries';

export { recomputePairs, refreshDuplicates, refreshDuplicatesOf, refreshMatchKeys } from './matchKeyQueries';

/**
 * The background job behind the list of likely duplicates: every 10 minutes, once across all instances and
 * never two at a time; repeating it is harmless.
 */
export const computeDuplicates = defineJob({
  name: 'duplicates.compute',
  label: 'Dubletten berechnen',
  schedule: '*/10 * * * *',
  policy: 'singleton',
  run: async (_data, { app }) => refreshDuplicates(app.db),
});
