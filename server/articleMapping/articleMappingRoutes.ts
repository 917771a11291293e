import type { FastifyInstance } from 'fastify';
import { mappingCacheJob } from './mappingCacheJob';
import { openRun } from '../platform/jobs/trackedRun';
import { mappingCacheState } from './mappingCacheQueries';
import { mappingStatistics } from './mappingStatisticsQueries';
import {
  buildArticleMappingCache,
  getArticleMappingCacheState,
  getArticleMappingStatistics,
} from '../../src/resources/articleMapping/articleMappings.endpoints';
import { endpointRoute } from '../platform/http/endpointRoute';

/** Mapping statistics and the mapping cache build (the client's adminExtended paths), APP_ADMIN only. */
export function registerArticleMappingRoutes(app: FastifyInstance) {
  const { db, jobs } = app;
  jobs.register(mappingCacheJob);
  endpointRoute(app, getArticleMappingStatistics, async () => mappingStatistics(db));

  endpointRoute(app, getArticleMappingCacheState, async () => mappingCacheState(db));

  endpointRoute(app, buildArticleMappingCache, async (request) => {
    await db.transaction().execute(async (trx) => {
      const runId = await openRun(
        trx,
        'article_mapping_cache_job',
        request.caller!,
        'Der Mapping-Cache wird gerade schon aufgebaut. Bitte warten Sie, bis dieser Aufbau fertig ist.',
      );
      await jobs.send(mappingCacheJob, { runId }, { db: trx });
    });
    jobs.wake(mappingCacheJob);
    return mappingCacheState(db);
  });
}
