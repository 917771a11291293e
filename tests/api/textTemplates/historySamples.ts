import { defineHistorySamples } from '../../support/historySamples';

/** A valid new record of each of this area's entities and the field the change-history test changes. */
export default defineHistorySamples({
  'admin-verkauf/text-templates': {
    valid: {
      name: 'Verlaufsvorlage',
      purpose: 'service',
      subject: 'Ihr Angebot {{Vorgang}}',
      body: '{{Anrede}} {{Name}}',
      visibility: 'alle',
      active: true,
    },
    changed: 'subject',
    change: () => 'Ihr neues Angebot {{Vorgang}}',
  },
});
