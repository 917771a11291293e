import { defineTab } from '../tab';

/** admin → Datenabgleich: its tab and its paragraph in the user manual. */
export const dataSyncTab = defineTab({
  area: 'admin',
  label: 'Datenabgleich',
  tabOrder: 85,
  description:
    'Der Abgleich mit dem ERP-Export: Kunden, Vorgänge, Belege und Artikel werden eingelesen; Sie sehen, wann er lief und was er fand.',
});
