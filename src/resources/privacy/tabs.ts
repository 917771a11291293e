import { defineTab } from '../tab';

/** admin → Datenschutz: its tab and its paragraph in the user manual. */
export const privacyLogTab = defineTab({
  area: 'admin',
  label: 'Datenschutz',
  tabOrder: 93,
  description:
    'Wer wann für wen eine Auskunft erstellt, Daten gelöscht oder Datensätze exportiert hat, mit Excel-Export und der Löschliste für die Wiederherstellung einer Sicherung.',
});
