import { sql } from 'kysely';
import type { MappingCacheState } from '../../src/resources/articleMapping/mappingTypes';
import type { Database } from '../platform/db/database';

/** Reads the latest cache build (of any instance) from the database. */
export async function mappingCacheState(db: Database): Promise<MappingCacheState> {
  const result = await sql<Omit<MappingCacheState, 'outdated'> & { lastBuilt: string | null }>`
    SELECT j.state, j.processed, j.total, j.started_at AS "startedAt", j.started_by AS "startedBy",
           j.finished_at AS "finishedAt", j.error,
           (SELECT max(finished_at) FROM article_mapping_cache_job WHERE state = 'fertig') AS "lastBuilt"
    FROM article_mapping_cache_job j ORDER BY j.id DESC LIMIT 1`.execute(db);
  const job = result.rows[0];
  if (!job) {
    return {
      state: 'nie',
      processed: 0,
      total: 0,
      startedAt: null,
      startedBy: null,
      finishedAt: null,
      error: null,
      outdated: true,
    };
  }
  const changed = await sql<{ changed: string | null }>`
    SELECT greatest(
      (SELECT max(updated_at) FROM article_mapping),
      (SELECT max(updated_at) FROM article_mapping_alias),
      (SELECT max(updated_at) FROM article)) AS changed`.execute(db);
  const lastChange = changed.rows[0]?.changed;
  const { lastBuilt, ...state } = job;
  return {
    ...state,
    outdated:
      !lastBuilt ||
      (lastChange !== null && lastChange !== undefined && new Date(lastChange) > new Date(lastBuilt)),
  };
}
