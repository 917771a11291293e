import { defineManualTexts } from '../manual';

/** The user manual's paragraph for each of this area's admin tabs, by the tab's label (server only). */
export default defineManualTexts({
  Änderungsverlauf: 'Wer wann was geändert hat, mit altem und neuem Wert, Filtern und Excel-Export.',
});
