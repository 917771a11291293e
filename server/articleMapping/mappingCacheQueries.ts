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

/**
 * Resolves the next `size` articles after id `after` to the mapping of the first alias pattern that matches, the
 * highest priority winning, and stores them in the cache; answers the last id done and how many.
 */
export async function resolveArticleBatch(db: Database, after: number, size: number) {
  const result = await sql<{ last: number | null; n: number }>`
      WITH batch AS (
        SELECT id, article_number FROM article WHERE id > ${after} ORDER BY id LIMIT ${size}
      ), resolved AS (
        SELECT b.id AS article_id, m.id AS mapping_id, m.product_group_id
        FROM batch b
        LEFT JOIN LATERAL (
          SELECT m.id, m.product_group_id
          FROM article_mapping m JOIN article_mapping_alias ma ON ma.mapping_id = m.id
          WHERE m.active AND b.article_number ~ ma.pattern
          ORDER BY m.priority DESC, m.id
          LIMIT 1
        ) m ON true
      ), upserted AS (
        INSERT INTO article_mapping_cache (article_id, mapping_id, product_group_id, built_at)
        SELECT article_id, mapping_id, product_group_id, now() FROM resolved
        ON CONFLICT (article_id) DO UPDATE
          SET mapping_id = EXCLUDED.mapping_id, product_group_id = EXCLUDED.product_group_id, built_at = EXCLUDED.built_at
      )
      SELECT max(id) AS last, count(*)::int AS n FROM batch`.execute(db);
  return result.rows[0] ?? { last: null, n: 0 };
}
