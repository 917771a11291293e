import { sql } from 'kysely';
import { defineEntitySamples, insertId } from '../../support/entitySamples';

/** Valid and invalid input for this area's entities, for the tests every declared entity gets. */
export default defineEntitySamples({
  'admin/articles': {
    valid: { articleNumber: 'TEST-1', name: 'Testartikel', unit: 'Stk', priceCents: 12345, active: true },
    invalid: {},
    badFields: [],
    fresh: () => ({ articleNumber: `TEST-${crypto.randomUUID().slice(0, 8)}` }),
  },
  'admin/article-aliases': {
    valid: { name: 'Testalias', pattern: '^KF-', active: true },
    invalid: { name: '', pattern: 'KF-(4000' },
    badFields: ['name', 'pattern'],
  },
  'admin/article-mappings': {
    valid: { name: 'Testmapping', priority: 1, active: true },
    invalid: { name: '', priority: -1 },
    badFields: ['name', 'priority', 'productGroupId'],
    prepare: async (db) => ({
      productGroupId: await insertId(
        db,
        sql`INSERT INTO product_group (name) VALUES ('Testgruppe') RETURNING id`,
      ),
    }),
  },
  'admin/article-mapping-aliases': {
    valid: { pattern: '^KF-' },
    invalid: { pattern: '[KF' },
    badFields: ['pattern', 'mappingId'],
    prepare: async (db) => {
      const group = await insertId(
        db,
        sql`INSERT INTO product_group (name) VALUES ('Testgruppe') RETURNING id`,
      );
      return {
        mappingId: await insertId(
          db,
          sql`INSERT INTO article_mapping (name, product_group_id) VALUES ('Testmapping', ${group}) RETURNING id`,
        ),
      };
    },
  },
});
