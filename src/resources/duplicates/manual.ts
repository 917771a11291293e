import { defineManualTexts } from '../manual';

/** The user manual's paragraph for each of this area's admin tabs, by the tab's label (server only). */
export default defineManualTexts({
  Dubletten:
    'Wahrscheinlich doppelt angelegte Kunden, nach Übereinstimmung von Name, Telefon, E-Mail und Adresse geordnet; „Zusammenführen“ zeigt beide nebeneinander, Sie wählen je Feld den Wert, der bleibt, und alles, was am anderen Kunden hängt, wandert mit.',
});
