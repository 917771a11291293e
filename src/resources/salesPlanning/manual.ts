import { defineManualTexts } from '../manual';

/** The user manual's paragraph for each of this area's admin tabs, by the tab's label (server only). */
export default defineManualTexts({
  Produktgruppen:
    'Die Produktgruppen des Verkaufs (Kunststofffenster, Haustüren …) für Statistik und Verkaufsziele.',
  Verkaufsziele: 'Ein Jahresziel in Euro je Verkäufer oder Filiale, auf Wunsch für eine Produktgruppe.',
  Warengruppen: 'Die Warengruppen der Artikel aus dem ERP (WG100 …), für den Verkauf benannt.',
  'Soll/Ist': 'Die Verkaufsziele gegen die Umsätze, je Verkäufer und Filiale.',
  Verkaufskurve: 'Der Anteil jedes Monats am Jahresziel.',
});
