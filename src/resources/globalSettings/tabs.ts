import { defineTab } from '../tab';

/** admin → Einstellungen: its tab (the user manual's text for it is in manual.ts). */
export const globalSettingsTab = defineTab({
  area: 'admin',
  label: 'Einstellungen',
  tabOrder: 90,
});
