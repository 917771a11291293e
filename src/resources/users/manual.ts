import { defineManualTexts } from '../manual';

/** The user manual's paragraph for each of this area's admin tabs, by the tab's label (server only). */
export default defineManualTexts({
  Benutzer:
    'Personen aus dem Firmenverzeichnis als Benutzer des CRM beschreiben (Kürzel, Filiale, Signatur).',
  Filialen:
    'Die Filialen, in denen Verkäufer arbeiten; eine Standortgruppe im Verzeichnis ordnet Personen einer Filiale zu.',
  'Mein Standort': 'Die Kollegen Ihres Standorts.',
});
