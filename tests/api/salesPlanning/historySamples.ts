import { sql } from 'kysely';
import { defineHistorySamples, idOf } from '../../support/historySamples';

/** A valid new record of each of this area's entities and the field the change-history test changes. */
export default defineHistorySamples({
  'admin-verkauf/product-groups': {
    valid: { name: 'Verlaufsgruppe', sortOrder: 2, active: true },
    changed: 'name',
  },
  'admin-verkauf/goods-groups': {
    valid: { name: 'Verlaufswarengruppe', code: 'WG-VL1', active: true },
    changed: 'name',
  },
  'admin-verkauf/sales-targets': {
    valid: { year: 2031, targetCents: 100_000_00 },
    changed: 'targetCents',
    change: (value) => Number(value) + 100,
    prepare: async (db) => ({
      branchId: await idOf(db, sql<{ id: number }>`SELECT min(id) AS id FROM branch`),
    }),
  },
});
