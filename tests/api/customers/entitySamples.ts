import { defineEntitySamples } from '../../support/entitySamples';

/** Valid and invalid input for this area's entities, for the tests every declared entity gets. */
export default defineEntitySamples({
  kunden: {
    // The name is derived from first and last name; the Kundennummer is free text an admin may write.
    textField: 'customerNumber',
    valid: { lastName: 'Gruber', firstName: 'Maria', zip: '9020', city: 'Klagenfurt', country: 'AT' },
    invalid: { lastName: '', companyName: '', zip: '123', country: 'AT', email: 'maria(at)gruber' },
    badFields: ['lastName', 'zip', 'email'],
  },
});
