import { setLocale } from 'yup';

// One German wording for every validation message, used by the forms and by the server alike.
const fieldName = (label: unknown, path: unknown) => String(label ?? path ?? 'Das Feld');

setLocale({
  mixed: {
    default: ({ label, path }) => `${fieldName(label, path)} ist ungültig.`,
    required: ({ label, path }) => `${fieldName(label, path)} ist ein Pflichtfeld.`,
    defined: ({ label, path }) => `${fieldName(label, path)} ist ein Pflichtfeld.`,
    notNull: ({ label, path }) => `${fieldName(label, path)} ist ein Pflichtfeld.`,
    oneOf: ({ label, path }) => `${fieldName(label, path)} hat keinen erlaubten Wert.`,
    notType: ({ label, path, type }) =>
      type === 'number'
        ? `${fieldName(label, path)} muss eine Zahl sein.`
        : type === 'date'
          ? `${fieldName(label, path)} muss ein gültiges Datum sein.`
          : `${fieldName(label, path)} hat ein ungültiges Format.`,
  },
  string: {
    min: ({ label, path, min }) => `${fieldName(label, path)} muss mindestens ${min} Zeichen lang sein.`,
    max: ({ label, path, max }) => `${fieldName(label, path)} darf höchstens ${max} Zeichen lang sein.`,
    email: ({ label, path }) => `${fieldName(label, path)} muss eine gültige E-Mail-Adresse sein.`,
    matches: ({ label, path }) => `${fieldName(label, path)} hat ein ungültiges Format.`,
    trim: ({ label, path }) => `${fieldName(label, path)} darf nicht mit Leerzeichen beginnen oder enden.`,
  },
  number: {
    min: ({ label, path, min }) => `${fieldName(label, path)} muss mindestens ${min} sein.`,
    max: ({ label, path, max }) => `${fieldName(label, path)} darf höchstens ${max} sein.`,
    integer: ({ label, path }) => `${fieldName(label, path)} muss eine ganze Zahl sein.`,
    positive: ({ label, path }) => `${fieldName(label, path)} muss größer als 0 sein.`,
  },
  array: {
    min: ({ label, path, min }) =>
      `${fieldName(label, path)}: mindestens ${min === 1 ? 'einen Eintrag' : `${min} Einträge`} auswählen.`,
    max: ({ label, path, max }) =>
      `${fieldName(label, path)}: höchstens ${max === 1 ? 'einen Eintrag' : `${max} Einträge`} auswählen.`,
  },
});
