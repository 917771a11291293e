import { defineTab } from '../tab';

/** admin → Nutzung: its tab (the user manual's text for it is in manual.ts). */
export const usageTab = defineTab({
  area: 'admin',
  label: 'Nutzung',
  tabOrder: 900,
});
