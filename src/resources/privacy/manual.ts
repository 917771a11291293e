import { defineManualTexts } from '../manual';

/** The user manual's paragraph for each of this area's admin tabs, by the tab's label (server only). */
export default defineManualTexts({
  Datenschutz:
    'Wer wann für wen eine Auskunft erstellt, Daten gelöscht oder Datensätze exportiert hat, mit Excel-Export und der Löschliste für die Wiederherstellung einer Sicherung.',
});
