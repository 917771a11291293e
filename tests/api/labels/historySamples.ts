import { defineHistorySamples } from '../../support/historySamples';

/** A valid new record of each of this area's entities and the field the change-history test changes. */
export default defineHistorySamples({
  'admin/labels': {
    valid: { name: 'Verlaufslabel', color: '#123456', forCustomer: true, forVorgang: false, active: true },
    changed: 'name',
  },
});
