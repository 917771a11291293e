import { sql } from 'kysely';
import type { MappingStatistics } from '../../src/resources/articleMapping/mappingTypes';
import type { Database } from '../platform/db/database';

type MappingGroupShare = MappingStatistics['groups'][number];

/**
 * Mapped and unmapped articles and their revenue (invoices minus credit notes), by product group, as
 * resolved by the last cache build; positions without a known article count as unmapped.
 */
export async function mappingStatistics(db: Database): Promise<MappingStatistics> {
  const [articles, revenue, built] = await Promise.all([
    sql<{ productGroupId: number | null; n: number }>`
      SELECT c.product_group_id AS "productGroupId", count(*)::int AS n
      FROM article a LEFT JOIN article_mapping_cache c ON c.article_id = a.id
      GROUP BY 1`.execute(db),
    sql<{ productGroupId: number | null; cents: number }>`
      SELECT c.product_group_id AS "productGroupId",
             sum(CASE WHEN b.beleg_type = 'gutschrift' THEN -p.total_cents ELSE p.total_cents END)::bigint AS cents
      FROM beleg_position p
      JOIN beleg b ON b.id = p.beleg_id
      LEFT JOIN article_mapping_cache c ON c.article_id = p.article_id
      WHERE b.beleg_type IN ('rechnung', 'gutschrift')
      GROUP BY 1`.execute(db),
    sql<{ builtAt: string | null }>`SELECT max(built_at) AS "builtAt" FROM article_mapping_cache`.execute(db),
  ]);
  const names = await db
    .selectFrom('product_group')
    .select(['id', 'name', 'sort_order as sortOrder'])
    .execute();
  const groups = new Map<number | null, MappingGroupShare>();
  const groupFor = (id: number | null) => {
    let group = groups.get(id);
    if (!group) {
      const name = id === null ? 'Nicht zugeordnet' : (names.find((r) => r.id === id)?.name ?? `#${id}`);
      group = { productGroupId: id, name, articles: 0, revenueCents: 0 };
      groups.set(id, group);
    }
    return group;
  };
  for (const row of articles.rows) groupFor(row.productGroupId).articles += row.n;
  for (const row of revenue.rows) groupFor(row.productGroupId).revenueCents += Number(row.cents);
  const order = (id: number | null) =>
    id === null ? Number.MAX_SAFE_INTEGER : (names.find((r) => r.id === id)?.sortOrder ?? 0);
  const list = [...groups.values()].sort((a, b) => order(a.productGroupId) - order(b.productGroupId));
  const sum = (pick: (g: MappingGroupShare) => number, mappedOnly: boolean) =>
    list.filter((g) => !mappedOnly || g.productGroupId !== null).reduce((s, g) => s + pick(g), 0);
  return {
    articles: { total: sum((g) => g.articles, false), mapped: sum((g) => g.articles, true) },
    revenueCents: { total: sum((g) => g.revenueCents, false), mapped: sum((g) => g.revenueCents, true) },
    groups: list,
    builtAt: built.rows[0]?.builtAt ?? null,
  };
}
