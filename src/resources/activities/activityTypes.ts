import type { Choice } from '../entity';

/** Kinds of customer contact (DOMAIN.md "Aktivität"). */
export const ACTIVITY_TYPES: readonly Choice[] = [
  { id: 'anruf', name: 'Anruf' },
  { id: 'besuch', name: 'Besuch' },
  { id: 'email', name: 'E-Mail' },
  { id: 'termin', name: 'Termin' },
  { id: 'aufmass', name: 'Aufmaß' },
  { id: 'schauraum', name: 'Schauraumtermin' },
];

/** The German name of an activity type code, or the code itself for types from older data. */
export const activityTypeName = (code: unknown) =>
  ACTIVITY_TYPES.find((type) => type.id === code)?.name ?? String(code ?? '');
