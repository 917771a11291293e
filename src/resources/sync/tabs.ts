import { defineTab } from '../tab';

/** admin → Datenabgleich: its tab (the user manual's text for it is in manual.ts). */
export const dataSyncTab = defineTab({
  area: 'admin',
  label: 'Datenabgleich',
  tabOrder: 85,
});
