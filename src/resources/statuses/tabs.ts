import { defineTab } from '../tab';

/** admin → Systemstatus: its tab (the user manual's text for it is in manual.ts). */
export const systemStatusTab = defineTab({
  area: 'admin',
  label: 'Systemstatus',
  tabOrder: 45,
});
