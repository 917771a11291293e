import { defineManualTexts } from '../manual';

/** The user manual's paragraph for this area's admin tab, by the tab's label (server only). */
export default defineManualTexts({
  Rechtstexte:
    'AGB, Widerrufsbelehrung und Muster-Widerrufsformular, die die Online-Angebotsseite zeigt. Jede Änderung ist eine neue Fassung; eine Annahme behält die Fassung, die der Kunde gesehen hat. Die mitgelieferten Texte sind Muster und müssen vor Verwendung rechtlich geprüft werden.',
});
