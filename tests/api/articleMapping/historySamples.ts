import { sql } from 'kysely';
import { defineHistorySamples, idOf } from '../../support/historySamples';
import type { Database } from '../../../server/platform/db/database';

let groups = 0;
const productGroup = (db: Database) =>
  idOf(
    db,
    sql<{
      id: number;
    }>`INSERT INTO product_group (name) VALUES (${`Verlaufsgruppe ${++groups}`}) RETURNING id`,
  );

/** A valid new record of each of this area's entities and the field the change-history test changes. */
export default defineHistorySamples({
  'admin/article-aliases': {
    valid: { name: 'Verlaufsalias', pattern: '^VL-', active: true },
    changed: 'name',
  },
  'admin/article-mappings': {
    valid: { name: 'Verlaufsmapping', priority: 1, active: true },
    changed: 'name',
    prepare: async (db) => ({ productGroupId: await productGroup(db) }),
  },
  'admin/article-mapping-aliases': {
    valid: { pattern: '^VL-' },
    changed: 'pattern',
    change: () => '^VL-2',
    prepare: async (db) => ({
      mappingId: await idOf(
        db,
        sql<{ id: number }>`INSERT INTO article_mapping (name, product_group_id)
          VALUES ('Verlaufsmapping 2', ${await productGroup(db)}) RETURNING id`,
      ),
    }),
  },
});
