import { defineTab } from '../tab';

/** admin → Mapping-Statistik: its tab (the user manual's text for it is in manual.ts). */
export const mappingStatisticsTab = defineTab({
  area: 'admin',
  label: 'Mapping-Statistik',
  tabOrder: 80,
});
