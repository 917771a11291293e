import { sql, type RawBuilder } from 'kysely';
import type { NpsFilterValues } from '../../src/resources/nps/nps.endpoints';

/**
 * The WHERE condition of the answers list, count, export and statistics (answers aliased `a`). Period
 * bounds are company days, turned into instants in the tenant's zone so the answered_at index is used.
 */
export function npsFilterClause(filter: NpsFilterValues, zone: string): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`true`];
  if (filter.from) parts.push(sql`a.answered_at >= ((${filter.from}::date)::timestamp AT TIME ZONE ${zone})`);
  if (filter.to) parts.push(sql`a.answered_at < ((${filter.to}::date + 1)::timestamp AT TIME ZONE ${zone})`);
  if (filter.branchId) parts.push(sql`a.branch_id = ${filter.branchId}`);
  if (filter.sellerId) parts.push(sql`a.seller_user_id = ${filter.sellerId}`);
  if (filter.category === 'kritiker') parts.push(sql`a.score <= 6`);
  if (filter.category === 'passiv') parts.push(sql`a.score BETWEEN 7 AND 8`);
  if (filter.category === 'promoter') parts.push(sql`a.score >= 9`);
  if (filter.withComment) parts.push(sql`nullif(btrim(a.comment), '') IS NOT NULL`);
  return sql.join(parts, sql` AND `);
}
