import { sql } from 'kysely';
import type { Database } from '../platform/db/database';
import type { ReportProgress } from '../platform/jobs/trackedRun';

const BATCH = 500;

/**
 * Resolves every article to the mapping (and so the product group) of the first alias pattern that matches
 * its number, the highest priority winning; in batches, so progress shows and no batch holds locks long.
 */
export async function buildMappingCache(db: Database, report: ReportProgress): Promise<void> {
  const count = await sql<{ n: number }>`SELECT count(*)::int AS n FROM article`.execute(db);
  const total = count.rows[0]?.n ?? 0;
  await report(0, total);
  let after = 0;
  let done = 0;
  for (;;) {
    const result = await sql<{ last: number | null; n: number }>`
      WITH batch AS (
        SELECT id, article_number FROM article WHERE id > ${after} ORDER BY id LIMIT ${BATCH}
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
    const { last, n } = result.rows[0] ?? { last: null, n: 0 };
    if (!n || last === null) break;
    after = last;
    done += n;
    await report(done, total);
  }
}
