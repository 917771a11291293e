import { defineTab } from '../tab';

/** admin → Sammelaktionen: its tab (the user manual's text for it is in manual.ts). */
export const bulkActionsTab = defineTab({
  area: 'admin',
  label: 'Sammelaktionen',
  tabOrder: 93,
});
