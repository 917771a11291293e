import { defineHistorySamples } from '../../support/historySamples';

/** A valid new record of each of this area's entities and the field the change-history test changes. */
export default defineHistorySamples({
  'admin/custom-statuses': {
    valid: { name: 'Verlaufsstatus', color: '#abcdef', sortOrder: 30, active: true },
    changed: 'name',
  },
});
