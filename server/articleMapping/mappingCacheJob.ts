import { defineJob } from '../platform/jobs/defineJob';
import { workOnRun } from '../platform/jobs/trackedRun';
import { buildMappingCache } from './buildMappingCache';

/**
 * Builds the article mapping cache for run `runId` (its row in article_mapping_cache_job shows progress);
 * never two at once across the instances. A build whose instance died is started anew on another one.
 */
export const mappingCacheJob = defineJob<{ runId: number }>({
  name: 'articleMapping.buildCache',
  label: 'Mapping-Cache aufbauen',
  policy: 'singleton',
  retryLimit: 1,
  expireInSeconds: 60 * 60,
  describe: ({ runId }) => `Aufbau Nr. ${runId}`,
  run: async ({ runId }, { app, lastTry }) =>
    workOnRun(app.db, 'article_mapping_cache_job', runId, lastTry, (report) =>
      buildMappingCache(app.db, report),
    ),
});
