import { defineEntitySamples } from '../../support/entitySamples';

/** Valid and invalid input for this area's entities, for the tests every declared entity gets. */
export default defineEntitySamples({
  'admin/labels': {
    valid: {
      name: 'Testlabel',
      color: '#123456',
      forCustomer: true,
      forVorgang: false,
      dueAfterDays: 5,
      active: true,
    },
    invalid: { name: '', color: 'rot', dueAfterDays: 999 },
    badFields: ['name', 'color', 'dueAfterDays'],
  },
});
