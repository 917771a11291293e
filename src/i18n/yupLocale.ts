import { setLocale, type LocaleObject } from 'yup';

// One German wording for every validation message, used by the forms and by the server alike.
const fieldName = (label: unknown, path: unknown) => String(label ?? path ?? 'Das Feld');

/** A day as dd.MM.yyyy (a date rule's bound may be a Date or an ISO text). */
const day = (value: unknown) => {
  const iso = value instanceof Date ? value.toISOString() : String(value);
  const parts = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return parts ? `${parts[3]}.${parts[2]}.${parts[1]}` : iso;
};

const list = (values: unknown) => (Array.isArray(values) ? values.join(', ') : String(values));

/**
 * yup's every message key in German. A key yup adds in a later version would show its English default
 * ("Website must be a valid URL"): `tests/unit/yupLocale.test.ts` walks yup's own keys and fails on one
 * missing here.
 */
export const GERMAN_YUP_LOCALE = {
  mixed: {
    default: ({ label, path }) => `${fieldName(label, path)} ist ungültig.`,
    required: ({ label, path }) => `${fieldName(label, path)} ist ein Pflichtfeld.`,
    defined: ({ label, path }) => `${fieldName(label, path)} ist ein Pflichtfeld.`,
    notNull: ({ label, path }) => `${fieldName(label, path)} ist ein Pflichtfeld.`,
    oneOf: ({ label, path }) => `${fieldName(label, path)} hat keinen erlaubten Wert.`,
    notOneOf: ({ label, path, values }) =>
      `${fieldName(label, path)} darf keinen dieser Werte haben: ${list(values)}.`,
    notType: ({ label, path, type }) =>
      type === 'number'
        ? `${fieldName(label, path)} muss eine Zahl sein.`
        : type === 'date'
          ? `${fieldName(label, path)} muss ein gültiges Datum sein.`
          : `${fieldName(label, path)} hat ein ungültiges Format.`,
  },
  string: {
    length: ({ label, path, length }) => `${fieldName(label, path)} muss genau ${length} Zeichen lang sein.`,
    min: ({ label, path, min }) => `${fieldName(label, path)} muss mindestens ${min} Zeichen lang sein.`,
    max: ({ label, path, max }) => `${fieldName(label, path)} darf höchstens ${max} Zeichen lang sein.`,
    matches: ({ label, path }) => `${fieldName(label, path)} hat ein ungültiges Format.`,
    email: ({ label, path }) => `${fieldName(label, path)} muss eine gültige E-Mail-Adresse sein.`,
    url: ({ label, path }) =>
      `${fieldName(label, path)} muss eine gültige Internetadresse sein (z. B. https://www.beispiel.at).`,
    uuid: ({ label, path }) => `${fieldName(label, path)} muss eine gültige UUID sein.`,
    datetime: ({ label, path }) =>
      `${fieldName(label, path)} muss ein gültiger Zeitpunkt sein (z. B. 2026-03-29T14:30:00Z).`,
    datetime_precision: ({ label, path, precision }) =>
      `${fieldName(label, path)} muss ein Zeitpunkt mit genau ${precision} Nachkommastellen der Sekunden sein.`,
    datetime_offset: ({ label, path }) =>
      `${fieldName(label, path)} muss ein Zeitpunkt in UTC sein (mit „Z“ am Ende).`,
    trim: ({ label, path }) => `${fieldName(label, path)} darf nicht mit Leerzeichen beginnen oder enden.`,
    lowercase: ({ label, path }) => `${fieldName(label, path)} darf nur Kleinbuchstaben enthalten.`,
    uppercase: ({ label, path }) => `${fieldName(label, path)} darf nur Großbuchstaben enthalten.`,
  },
  number: {
    min: ({ label, path, min }) => `${fieldName(label, path)} muss mindestens ${min} sein.`,
    max: ({ label, path, max }) => `${fieldName(label, path)} darf höchstens ${max} sein.`,
    lessThan: ({ label, path, less }) => `${fieldName(label, path)} muss kleiner als ${less} sein.`,
    moreThan: ({ label, path, more }) => `${fieldName(label, path)} muss größer als ${more} sein.`,
    positive: ({ label, path }) => `${fieldName(label, path)} muss größer als 0 sein.`,
    negative: ({ label, path }) => `${fieldName(label, path)} muss kleiner als 0 sein.`,
    integer: ({ label, path }) => `${fieldName(label, path)} muss eine ganze Zahl sein.`,
  },
  date: {
    min: ({ label, path, min }) => `${fieldName(label, path)} darf nicht vor dem ${day(min)} liegen.`,
    max: ({ label, path, max }) => `${fieldName(label, path)} darf nicht nach dem ${day(max)} liegen.`,
  },
  boolean: {
    isValue: ({ label, path, value }) =>
      `${fieldName(label, path)} muss ${value === 'true' || value === true ? 'angehakt' : 'leer'} sein.`,
  },
  object: {
    noUnknown: ({ label, path, unknown }) =>
      `${fieldName(label, path)} enthält unbekannte Angaben: ${list(unknown)}.`,
    exact: ({ label, path, properties }) =>
      `${fieldName(label, path)} enthält unbekannte Angaben: ${list(properties)}.`,
  },
  array: {
    min: ({ label, path, min }) =>
      `${fieldName(label, path)}: mindestens ${min === 1 ? 'einen Eintrag' : `${min} Einträge`} auswählen.`,
    max: ({ label, path, max }) =>
      `${fieldName(label, path)}: höchstens ${max === 1 ? 'einen Eintrag' : `${max} Einträge`} auswählen.`,
    length: ({ label, path, length }) =>
      `${fieldName(label, path)}: genau ${length === 1 ? 'einen Eintrag' : `${length} Einträge`} auswählen.`,
  },
  tuple: {
    notType: ({ label, path }) => `${fieldName(label, path)} hat ein ungültiges Format.`,
  },
} satisfies Required<{ [K in keyof LocaleObject]: Required<LocaleObject[K]> }>;

setLocale(GERMAN_YUP_LOCALE);
