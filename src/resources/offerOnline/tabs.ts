import { defineTab } from '../tab';

/** admin → Rechtstexte: the texts of the online offer, beside Einstellungen (the manual's text is in manual.ts). */
export const legalTextsTab = defineTab({
  area: 'admin',
  label: 'Rechtstexte',
  tabOrder: 90.5,
});
