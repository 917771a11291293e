/** What a text template's mails are for: Service/Vertrag reaches every customer, Werbung only with consent. */
export const MAIL_PURPOSES = [
  { id: 'service', name: 'Service/Vertrag' },
  { id: 'werbung', name: 'Werbung' },
] as const;
export type MailPurpose = (typeof MAIL_PURPOSES)[number]['id'];
export const MAIL_PURPOSE_IDS = MAIL_PURPOSES.map((purpose) => purpose.id);

/**
 * How a customer gave or withdrew consent. A person records the first four (with the day and a note); the
 * unsubscribe link, the mail program's one-click unsubscribe and the take-over of the former tick are the
 * system's own.
 */
export const CONSENT_SOURCES = [
  { id: 'schriftlich', name: 'Schriftlich (Formular, Brief)', short: 'schriftlich', byPerson: true },
  { id: 'email', name: 'Per E-Mail', short: 'per E-Mail', byPerson: true },
  { id: 'webformular', name: 'Über die Website', short: 'über die Website', byPerson: true },
  { id: 'muendlich', name: 'Mündlich oder am Telefon', short: 'mündlich', byPerson: true },
  {
    id: 'abmeldelink',
    name: 'Abmeldelink in einer Werbe-E-Mail',
    short: 'über den Abmeldelink',
    byPerson: false,
  },
  {
    id: 'ein-klick',
    name: 'Abmelden im E-Mail-Programm (Ein-Klick)',
    short: 'im E-Mail-Programm',
    byPerson: false,
  },
  {
    id: 'uebernahme',
    name: 'Übernommen aus dem früheren Feld „Newsletter“ (ohne Nachweis, wie sie gegeben wurde)',
    short: 'übernommen, ohne Nachweis',
    byPerson: false,
  },
] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number]['id'];
export const CONSENT_SOURCE_IDS = CONSENT_SOURCES.map((source) => source.id);
/** The ways a person may record. */
export const PERSON_SOURCE_IDS = CONSENT_SOURCES.filter((source) => source.byPerson).map(
  (source) => source.id,
);

/** The German name of a way consent was given ("Per E-Mail"), or its short form; the id itself when unknown. */
export const consentSourceName = (id: string, form: 'name' | 'short' = 'name') =>
  CONSENT_SOURCES.find((source) => source.id === id)?.[form] ?? id;

/** The longest note a consent record takes. */
export const CONSENT_NOTE_MAX = 500;

/** Why a customer does not get a Werbung mail (the bulk report, the preview, the Postausgang, the dialog). */
export const NO_CONSENT_REASON = 'Keine Einwilligung in Werbung per E-Mail.';
