import { defineManualTexts } from '../manual';

/** The user manual's paragraph for each of this area's admin tabs, by the tab's label (server only). */
export default defineManualTexts({
  Artikel:
    'Die Artikel aus dem ERP, zum Nachschlagen; der Datenabgleich pflegt sie, darum sind sie hier nicht änderbar.',
  'Mapping-Aliase': 'Die Muster von Artikelnummern, über die ein Mapping seine Artikel nimmt.',
  'Artikel-Aliase': 'Ein Name für eine Familie von Artikelnummern, angegeben als Muster.',
  'Artikel-Mappings':
    'Ordnet die Artikel, auf die ihre Aliase passen, einer Produktgruppe zu, für Statistik und Verkaufsziele.',
  'Mapping-Statistik':
    'Wie viel des Sortiments und des Umsatzes die Artikel-Mappings einer Produktgruppe zuordnen; „Neu berechnen“ erneuert die Zuordnung.',
});
