/** The placeholders a text template may use, written {{Name}}, with what they are filled with. */
export const PLACEHOLDERS = [
  {
    name: 'Anrede',
    description:
      'Sehr geehrte Frau / Sehr geehrter Herr / Sehr geehrte Familie / Sehr geehrte Damen und Herren',
  },
  { name: 'Name', description: 'Titel und Nachname (bei Firmen leer)' },
  { name: 'Vorname', description: 'Vorname des Kunden' },
  { name: 'Nachname', description: 'Nachname des Kunden' },
  { name: 'Firma', description: 'Firmenname des Kunden' },
  { name: 'Kundennummer', description: 'Kundennummer aus dem ERP' },
  { name: 'Vorgang', description: 'Vorgangsnummer und Bezeichnung' },
  { name: 'Verkäufer', description: 'Name der Person, die die E-Mail sendet' },
  { name: 'Verkäufer-E-Mail', description: 'ihre E-Mail-Adresse' },
  { name: 'Verkäufer-Telefon', description: 'ihre Telefonnummer' },
  { name: 'Signatur', description: 'ihre E-Mail-Signatur' },
  { name: 'Unternehmen', description: 'unser Firmenname aus den Einstellungen' },
  { name: 'Datum', description: 'heutiges Datum (TT.MM.JJJJ)' },
  {
    name: 'Umfrage-Link',
    description: 'persönlicher Link zur NPS-Umfrage (nur beim Senden aus dem Bereich NPS, sonst leer)',
  },
] as const;

export type PlaceholderName = (typeof PLACEHOLDERS)[number]['name'];
export type PlaceholderValues = Partial<Record<PlaceholderName, string | null>>;

const PATTERN = /\{\{\s*([^{}]+?)\s*\}\}/g;
const KNOWN = new Set<string>(PLACEHOLDERS.map((p) => p.name));

/** The placeholders in a text that do not exist, as written ("{{Kunde}}"). */
export function unknownPlaceholders(text: string): string[] {
  return [...text.matchAll(PATTERN)].filter((m) => !KNOWN.has(m[1]!)).map((m) => m[0]);
}

/**
 * Fills the placeholders; an empty value leaves no gap ("Sehr geehrte Damen und Herren ," loses its space).
 */
export function fillPlaceholders(text: string, values: PlaceholderValues): string {
  return text
    .replace(PATTERN, (_match, name: string) => values[name as PlaceholderName] ?? '')
    .replace(/[ \t]+([,.!?])/g, '$1')
    .replace(/[ \t]{2,}/g, ' ');
}
