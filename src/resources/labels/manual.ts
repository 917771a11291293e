import { defineManualTexts } from '../manual';

/** The user manual's paragraph for each of this area's admin tabs, by the tab's label (server only). */
export default defineManualTexts({
  Labels:
    'Farbige Kennzeichen für Kunden und Vorgänge (z. B. „Nachfassen“), auf Wunsch nach einer Zahl von Tagen fällig.',
});
