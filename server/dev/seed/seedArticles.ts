import type { Database } from '../../platform/db/database';
import { ARTICLES, GOODS_GROUPS, PRODUCT_GROUPS } from './catalog';
import { SEED_AUTHOR, type SeedContext } from './seedContext';

/** Inserts product and goods groups, the articles, the product groups' mappings and the article aliases. */
export async function seedArticles(db: Database): Promise<SeedContext['articles']> {
  const productGroupIds: Record<string, number> = {};
  for (const [index, name] of PRODUCT_GROUPS.entries()) {
    const row = await db
      .insertInto('product_group')
      .values({ name, sort_order: index * 10, updated_by: SEED_AUTHOR })
      .returning('id')
      .executeTakeFirstOrThrow();
    productGroupIds[name] = row.id;
  }
  const goodsGroupIds: Record<string, number> = {};
  for (const g of GOODS_GROUPS) {
    const row = await db
      .insertInto('goods_group')
      .values({ code: g.code, name: g.name, updated_by: SEED_AUTHOR })
      .returning('id')
      .executeTakeFirstOrThrow();
    goodsGroupIds[g.code] = row.id;
  }
  const articles = [];
  for (const a of ARTICLES) {
    const row = await db
      .insertInto('article')
      .values({
        article_number: a.number,
        name: a.name,
        goods_group_id: goodsGroupIds[a.goods],
        unit: a.unit,
        price_cents: a.price,
        cost_cents: a.cost,
        updated_by: SEED_AUTHOR,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    articles.push({
      id: row.id,
      number: a.number,
      name: a.name,
      group: a.group,
      unit: a.unit,
      price: a.price,
      cost: a.cost,
      goodsGroupId: goodsGroupIds[a.goods]!,
    });
  }
  // One mapping per product group, matching its article number prefixes.
  for (const group of PRODUCT_GROUPS) {
    const prefixes = [
      ...new Set(ARTICLES.filter((a) => a.group === group).map((a) => a.number.split('-')[0])),
    ];
    const row = await db
      .insertInto('article_mapping')
      .values({ name: group, product_group_id: productGroupIds[group]!, updated_by: SEED_AUTHOR })
      .returning('id')
      .executeTakeFirstOrThrow();
    const pattern = group === 'Montage & Service' ? '^(MO|DEMO|SERV)-' : `^(${prefixes.join('|')})-`;
    await db
      .insertInto('article_mapping_alias')
      .values({ mapping_id: row.id, pattern, updated_by: SEED_AUTHOR })
      .execute();
  }
  await db
    .insertInto('article_alias')
    .values([
      {
        name: 'Kunststofffenster IDEAL',
        pattern: '^KF-I(4000|8000)-',
        description: 'Alle IDEAL-Fenster',
        updated_by: SEED_AUTHOR,
      },
      {
        name: 'Haustüren THERMO',
        pattern: '^HT-THERMO',
        description: 'Aluminium-Haustüren',
        updated_by: SEED_AUTHOR,
      },
      {
        name: 'Insektenschutz',
        pattern: '^IS-',
        description: 'Alle Insektenschutz-Artikel',
        updated_by: SEED_AUTHOR,
      },
    ])
    .execute();
  return articles;
}
