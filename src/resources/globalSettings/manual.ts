import { defineManualTexts } from '../manual';

/** The user manual's paragraph for each of this area's admin tabs, by the tab's label (server only). */
export default defineManualTexts({
  Stammdaten:
    'Die Auswahllisten des CRM (Anrede, Herkunft, Aktivitätsart …): Kategorie, Wert, Reihenfolge und ob er angeboten wird.',
  Einstellungen: 'Firmendaten für Dokumente, Absender der E-Mails und Voreinstellungen, in einem Formular.',
});
