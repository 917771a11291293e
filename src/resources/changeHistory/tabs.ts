import { defineTab } from '../tab';

/** admin → Änderungsverlauf: its tab (the user manual's text for it is in manual.ts). */
export const changeHistoryTab = defineTab({
  area: 'admin',
  label: 'Änderungsverlauf',
  tabOrder: 92,
});
