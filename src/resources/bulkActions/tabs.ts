import { defineTab } from '../tab';

/** admin → Sammelaktionen: its tab and its paragraph in the user manual. */
export const bulkActionsTab = defineTab({
  area: 'admin',
  label: 'Sammelaktionen',
  tabOrder: 93,
  description: 'Wer wann was an welcher Auswahl geändert hat, mit Bericht und „Rückgängig machen“.',
});
