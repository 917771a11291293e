import { defineEntitySamples } from '../../support/entitySamples';

/** Valid and invalid input for this area's entities, for the tests every declared entity gets. */
export default defineEntitySamples({
  'admin/stammdaten': {
    valid: { category: 'herkunft', value: 'Testwert', sortOrder: 1, active: true },
    invalid: { category: 'unbekannt', value: '' },
    badFields: ['category', 'value'],
  },
});
