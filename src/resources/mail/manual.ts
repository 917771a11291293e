import { defineManualTexts } from '../manual';

/** The user manual's paragraph for each of this area's admin tabs, by the tab's label (server only). */
export default defineManualTexts({
  Postausgang: 'Jede an Kunden gesendete E-Mail mit ihrem Stand (wartend, gesendet, Fehler mit Grund).',
});
