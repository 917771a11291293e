import { defineTab } from '../tab';

/** admin → Datenschutz: its tab (the user manual's text for it is in manual.ts). */
export const privacyLogTab = defineTab({
  area: 'admin',
  label: 'Datenschutz',
  tabOrder: 93,
});
