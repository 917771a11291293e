import { defineTab } from '../tab';

/** admin → Hintergrundaufgaben: its tab and its paragraph in the user manual. */
export const failedJobsTab = defineTab({
  area: 'admin',
  label: 'Hintergrundaufgaben',
  tabOrder: 94,
  description: 'Fehlgeschlagene Aufgaben wie nicht zustellbare Mails, mit Grund und „Erneut versuchen“.',
});
