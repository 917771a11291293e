import { defineTab } from '../tab';

/** admin-benutzer → Mein Standort: its tab (the user manual's text for it is in manual.ts). */
export const colleaguesTab = defineTab({
  area: 'admin-benutzer',
  label: 'Mein Standort',
  tabOrder: 20,
});
