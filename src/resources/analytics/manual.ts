import { defineManualTexts } from '../manual';

/** The user manual's paragraph for each of this area's admin tabs, by the tab's label (server only). */
export default defineManualTexts({
  Nutzung: 'Anmeldungen je Tag, aktive Personen und die am häufigsten geladenen Dateien.',
});
