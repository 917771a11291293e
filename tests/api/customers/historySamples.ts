import { defineHistorySamples } from '../../support/historySamples';

/** A valid new record of each of this area's entities and the field the change-history test changes. */
export default defineHistorySamples({
  kunden: {
    valid: { lastName: 'Verlauf', firstName: 'Maria', zip: '9020', city: 'Klagenfurt', country: 'AT' },
    changed: 'city',
    change: () => 'Villach',
  },
});
