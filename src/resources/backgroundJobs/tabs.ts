import { defineTab } from '../tab';

/** admin → Hintergrundaufgaben: its tab (the user manual's text for it is in manual.ts). */
export const failedJobsTab = defineTab({
  area: 'admin',
  label: 'Hintergrundaufgaben',
  tabOrder: 94,
});
