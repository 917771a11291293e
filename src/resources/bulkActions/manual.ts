import { defineManualTexts } from '../manual';

/** The user manual's paragraph for each of this area's admin tabs, by the tab's label (server only). */
export default defineManualTexts({
  Sammelaktionen: 'Wer wann was an welcher Auswahl geändert hat, mit Bericht und „Rückgängig machen“.',
});
