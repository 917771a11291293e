import { defineManualTexts } from '../manual';

/** The user manual's paragraph for each of this area's admin tabs, by the tab's label (server only). */
export default defineManualTexts({
  Hintergrundaufgaben:
    'Fehlgeschlagene Aufgaben wie nicht zustellbare Mails, mit Grund und „Erneut versuchen“.',
});
