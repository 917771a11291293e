import { defineTab } from '../tab';

/** admin-verkauf → Dubletten: its tab and its paragraph in the user manual. */
export const duplicatesTab = defineTab({
  area: 'admin-verkauf',
  label: 'Dubletten',
  tabOrder: 70,
  description:
    'Wahrscheinlich doppelt angelegte Kunden, nach Übereinstimmung von Name, Telefon, E-Mail und Adresse geordnet; „Zusammenführen“ zeigt beide nebeneinander, Sie wählen je Feld den Wert, der bleibt, und alles, was am anderen Kunden hängt, wandert mit.',
});
