import { defineHistorySamples } from '../../support/historySamples';

/** A valid new record of each of this area's entities and the field the change-history test changes. */
export default defineHistorySamples({
  'admin-verkauf/branches': {
    valid: {
      name: 'Verlaufsfiliale',
      code: 'VLF',
      zip: '9020',
      city: 'Klagenfurt',
      country: 'AT',
      active: true,
    },
    changed: 'name',
  },
  'admin-benutzer/users': {
    valid: {
      name: 'Verlauf Benutzer',
      email: 'verlauf@strussnig.at',
      initials: 'VB',
      active: true,
      azureOid: 'oid-verlauf-benutzer',
    },
    changed: 'name',
  },
});
