import { defineTab } from '../tab';

/** admin → Mapping-Statistik: its tab and its paragraph in the user manual. */
export const mappingStatisticsTab = defineTab({
  area: 'admin',
  label: 'Mapping-Statistik',
  tabOrder: 80,
  description:
    'Wie viel des Sortiments und des Umsatzes die Artikel-Mappings einer Produktgruppe zuordnen; „Neu berechnen“ erneuert die Zuordnung.',
});
