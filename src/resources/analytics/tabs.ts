import { defineTab } from '../tab';

/** admin → Nutzung: its tab and its paragraph in the user manual. */
export const usageTab = defineTab({
  area: 'admin',
  label: 'Nutzung',
  tabOrder: 900,
  description: 'Anmeldungen je Tag, aktive Personen und die am häufigsten geladenen Dateien.',
});
