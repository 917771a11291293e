import { defineTab } from '../tab';

/** admin-verkauf → Soll/Ist: its tab and its paragraph in the user manual. */
export const targetVsActualTab = defineTab({
  area: 'admin-verkauf',
  label: 'Soll/Ist',
  tabOrder: 45,
  description: 'Die Verkaufsziele gegen die Umsätze, je Verkäufer und Filiale.',
});

/** admin-verkauf → Verkaufskurve: its tab and its paragraph in the user manual. */
export const salesCurveTab = defineTab({
  area: 'admin-verkauf',
  label: 'Verkaufskurve',
  tabOrder: 50,
  description: 'Der Anteil jedes Monats am Jahresziel.',
});
