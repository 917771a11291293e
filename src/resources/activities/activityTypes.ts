import type { Choice } from '../entity';

/** Kinds of customer contact (docs/glossary.md, "Aktivität"). */
export const ACTIVITY_TYPES: readonly Choice[] = [
  { id: 'anruf', name: 'Anruf' },
  { id: 'besuch', name: 'Besuch' },
  { id: 'email', name: 'E-Mail' },
  { id: 'termin', name: 'Termin' },
  { id: 'aufmass', name: 'Aufmaß' },
  { id: 'schauraum', name: 'Schauraumtermin' },
];

/** The longest note an activity takes (the server refuses more). */
export const ACTIVITY_NOTE_MAX_LENGTH = 5000;

/** The German name of an activity type code, or the code itself for types from older data. */
export const activityTypeName = (code: unknown) =>
  ACTIVITY_TYPES.find((type) => type.id === code)?.name ?? String(code ?? '');

/** Types that happen at a time of day (an appointment): they show HH:mm, the others only the date. */
export const TIMED_ACTIVITY_TYPES: ReadonlySet<string> = new Set([
  'termin',
  'besuch',
  'aufmass',
  'schauraum',
]);

/** Whether an activity of this type has a time of day. */
export const hasTimeOfDay = (code: unknown) => TIMED_ACTIVITY_TYPES.has(String(code));
