import { defineHistorySamples } from '../../support/historySamples';

/** A valid new record of each of this area's entities and the field the change-history test changes. */
export default defineHistorySamples({
  'admin/stammdaten': {
    valid: { category: 'herkunft', value: 'Verlaufswert', sortOrder: 1, active: true },
    changed: 'value',
  },
});
