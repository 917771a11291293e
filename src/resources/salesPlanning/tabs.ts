import { defineTab } from '../tab';

/** admin-verkauf → Soll/Ist: its tab (the user manual's text for it is in manual.ts). */
export const targetVsActualTab = defineTab({
  area: 'admin-verkauf',
  label: 'Soll/Ist',
  tabOrder: 45,
});

/** admin-verkauf → Verkaufskurve: its tab (the user manual's text for it is in manual.ts). */
export const salesCurveTab = defineTab({
  area: 'admin-verkauf',
  label: 'Verkaufskurve',
  tabOrder: 50,
});
