import type { Database } from '../platform/db/database';
import type { ReportProgress } from '../platform/jobs/trackedRun';
import { resolveArticleBatch } from './mappingCacheQueries';

const BATCH = 500;

/**
 * Resolves every article to the mapping (and so the product group) of the first alias pattern that matches
 * its number, the highest priority winning; in batches, so progress shows and no batch holds locks long.
 */
export async function buildMappingCache(db: Database, report: ReportProgress): Promise<void> {
  const { n: total } = await db
    .selectFrom('article')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  await report(0, total);
  let after = 0;
  let done = 0;
  for (;;) {
    const { last, n } = await resolveArticleBatch(db, after, BATCH);
    if (!n || last === null) break;
    after = last;
    done += n;
    await report(done, total);
  }
}
