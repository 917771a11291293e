// The nine columns both variants show, as our Kunden list shows a seller about as many.
import type { Kunde } from './dataProvider';

export const COLUMNS: readonly { source: keyof Kunde; label: string }[] = [
  { source: 'name', label: 'Name' },
  { source: 'strasse', label: 'Straße' },
  { source: 'plz', label: 'PLZ' },
  { source: 'ort', label: 'Ort' },
  { source: 'telefon', label: 'Telefon' },
  { source: 'email', label: 'E-Mail' },
  { source: 'betreuer', label: 'Betreuer' },
  { source: 'status', label: 'Status' },
  { source: 'angelegtAm', label: 'Angelegt am' },
];
