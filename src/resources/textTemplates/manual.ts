import { defineManualTexts } from '../manual';

/** The user manual's paragraph for each of this area's admin tabs, by the tab's label (server only). */
export default defineManualTexts({
  Textvorlagen:
    'Vorlagen für E-Mails an Kunden mit Platzhaltern, für alle, einzelne Gruppen oder Personen; je Vorlage der Zweck Service oder Werbung.',
});
