import polyglotI18nProvider from 'ra-i18n-polyglot';
import { ENTITIES } from '../resources/registry';
import { crmMessages } from './crmMessages';
import { raGerman } from './raGerman';

// Resource names and field labels come from the entity declarations, so they are written once.
const resources = Object.fromEntries(
  ENTITIES.map((entity) => [
    entity.name,
    {
      name: `${entity.label.one} |||| ${entity.label.many}`,
      // react-admin lower-cases `name` in confirmations ("filiale Graz löschen"); German nouns keep their capital.
      forcedCaseName: `${entity.label.one} |||| ${entity.label.many}`,
      fields: Object.fromEntries(entity.fields.map((f) => [f.source, f.label])),
    },
  ]),
);

/** German only: the product has no other language. */
export const i18nProvider = polyglotI18nProvider(() => ({ ...raGerman, ...crmMessages, resources }), 'de', [
  { locale: 'de', name: 'Deutsch' },
]);
