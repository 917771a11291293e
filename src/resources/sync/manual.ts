import { defineManualTexts } from '../manual';

/** The user manual's paragraph for each of this area's admin tabs, by the tab's label (server only). */
export default defineManualTexts({
  Datenabgleich:
    'Der Abgleich mit dem ERP-Export: Kunden, Vorgänge, Belege und Artikel werden eingelesen; Sie sehen, wann er lief und was er fand.',
});
