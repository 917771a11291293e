import { defineEntitySamples } from '../../support/entitySamples';

/** Valid and invalid input for this area's entities, for the tests every declared entity gets. */
export default defineEntitySamples({
  'admin-verkauf/branches': {
    valid: { name: 'Testfiliale', code: 'TST', zip: '9020', city: 'Klagenfurt', country: 'AT', active: true },
    invalid: { name: '', country: 'DE', zip: '9020', email: 'filiale(at)firma', locationGroup: 'STANDORT_X' },
    badFields: ['name', 'zip', 'email', 'locationGroup'],
  },
  'admin-benutzer/users': {
    valid: { name: 'Test Benutzer', email: 'test@strussnig.at', initials: 'TB', active: true },
    invalid: { name: '', email: 'test(at)strussnig', azureOid: '' },
    badFields: ['name', 'email', 'azureOid'],
    fresh: () => ({ azureOid: crypto.randomUUID() }),
  },
});
