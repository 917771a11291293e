import { defineTab } from '../tab';

/** admin → Änderungsverlauf: its tab and its paragraph in the user manual. */
export const changeHistoryTab = defineTab({
  area: 'admin',
  label: 'Änderungsverlauf',
  tabOrder: 92,
  description: 'Wer wann was geändert hat, mit altem und neuem Wert, Filtern und Excel-Export.',
});
