import { defineEntitySamples } from '../../support/entitySamples';

/** Valid and invalid input for this area's entities, for the tests every declared entity gets. */
export default defineEntitySamples({
  'admin-verkauf/text-templates': {
    valid: {
      purpose: 'service',
      subject: 'Ihr Angebot {{Vorgang}}',
      body: '{{Anrede}} {{Name}}, …',
      visibility: 'alle',
      active: true,
    },
    invalid: {
      name: '',
      purpose: 'reklame',
      subject: 'Hallo {{Kunde}}',
      body: 'x',
      visibility: 'gruppen',
      groupNames: [],
    },
    badFields: ['name', 'purpose', 'subject', 'groupNames'],
  },
});
