import { defineEntitySamples } from '../../support/entitySamples';

/** Valid and invalid input for this area's entities, for the tests every declared entity gets. */
export default defineEntitySamples({
  'admin/custom-statuses': {
    valid: { name: 'Teststatus', color: '#abcdef', sortOrder: 3, active: true },
    invalid: { name: 'x'.repeat(41), color: '#zzz' },
    badFields: ['name', 'color'],
  },
});
