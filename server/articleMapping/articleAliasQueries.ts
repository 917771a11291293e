import { sql } from 'kysely';
import type { Database } from '../platform/db/database';

/** The first `limit` articles whose number matches the regular expression, each with the total count. */
export async function articlesMatching(db: Database, pattern: string, limit: number) {
  // The database matches, as the mapping cache will: what the tester shows is what the cache gets.
  const rows = await sql<{ id: number; articleNumber: string; name: string; total: number }>`
    SELECT id, article_number AS "articleNumber", name, count(*) OVER ()::int AS total
    FROM article WHERE article_number ~ ${pattern}
    ORDER BY article_number LIMIT ${limit}`.execute(db);
  return rows.rows;
}
