import { defineTab } from '../tab';

/** admin → Systemstatus: its tab and its paragraph in the user manual. */
export const systemStatusTab = defineTab({
  area: 'admin',
  label: 'Systemstatus',
  tabOrder: 45,
  description:
    'Die Status, die ein Vorgang von seinen Belegen annimmt (Angebot, Auftragsbestätigung, Rechnung …), zum Nachschlagen.',
});
