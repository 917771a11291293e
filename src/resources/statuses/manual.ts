import { defineManualTexts } from '../manual';

/** The user manual's paragraph for each of this area's admin tabs, by the tab's label (server only). */
export default defineManualTexts({
  'Eigene Status': 'Die eigenen Status eines Vorgangs: die Spalten der Kartenansicht, in ihrer Reihenfolge.',
  Systemstatus:
    'Die Status, die ein Vorgang von seinen Belegen annimmt (Angebot, Auftragsbestätigung, Rechnung …), zum Nachschlagen.',
});
