import { sql } from 'kysely';
import { defineHistorySamples, idOf } from '../../support/historySamples';

/** A valid new record of each of this area's entities and the field the change-history test changes. */
export default defineHistorySamples({
  'admin/reasons': {
    valid: { text: 'Verlaufsgrund', labelIds: [], sortOrder: 5, active: true },
    changed: 'text',
  },
  aktivitaeten: {
    valid: { activityType: 'anruf', activityDate: '2026-11-20T10:00:00.000Z', note: 'Verlaufsnotiz' },
    changed: 'note',
    prepare: async (db) => ({
      customerId: await idOf(db, sql<{ id: number }>`SELECT min(id) AS id FROM customer`),
    }),
  },
});
