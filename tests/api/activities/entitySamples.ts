import { defineEntitySamples } from '../../support/entitySamples';

/** Valid and invalid input for this area's entities, for the tests every declared entity gets. */
export default defineEntitySamples({
  'admin/reasons': {
    valid: { text: 'Testgrund', labelIds: [], sortOrder: 5, active: true },
    invalid: { text: ' ', sortOrder: -1 },
    badFields: ['text', 'sortOrder'],
  },
});
