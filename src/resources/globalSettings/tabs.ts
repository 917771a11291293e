import { defineTab } from '../tab';

/** admin → Einstellungen: its tab and its paragraph in the user manual. */
export const globalSettingsTab = defineTab({
  area: 'admin',
  label: 'Einstellungen',
  tabOrder: 90,
  description: 'Firmendaten für Dokumente, Absender der E-Mails und Voreinstellungen, in einem Formular.',
});
