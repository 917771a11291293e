/** Digits of the one-time code an acceptance is confirmed with. */
export const CODE_DIGITS = 6;
/** Minutes a code is valid. */
export const CODE_VALID_MINUTES = 15;
/** Wrong tries per code before it is dead (a new one may be requested). */
export const CODE_MAX_ATTEMPTS = 5;
/** Codes per link and hour: enough for a lost mail, too few to flood the customer's inbox. */
export const CODES_PER_HOUR = 5;
/** Days of the Widerrufsfrist of a consumer, counted from the acceptance (BGB and FAGG alike). */
export const WIDERRUF_DAYS = 14;
/** The longest name, question and reason the page takes. */
export const NAME_MAX = 200;
export const MESSAGE_MAX = 2000;

/** The mask the mail shows instead of the working link (Postausgang, timeline, logs). */
export const OFFER_LINK_MASK = '[persönlicher Angebots-Link]';

/** "m***@example.at": enough for the customer to know where the code went, nothing for a stranger. */
export const maskEmail = (email: string): string => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
};

/** The problems of an acceptance's input, by field (empty when fine). */
export function acceptanceProblems(input: { name?: unknown; confirmed?: unknown; code?: unknown }) {
  const problems: Record<string, string> = {};
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (name.length < 3) problems.name = 'Bitte geben Sie Ihren vollständigen Namen ein.';
  else if (name.length > NAME_MAX) problems.name = `Höchstens ${NAME_MAX} Zeichen.`;
  if (input.confirmed !== true) {
    problems.confirmed = 'Bitte bestätigen Sie, dass Sie Angebot, AGB und Widerrufsbelehrung gelesen haben.';
  }
  const code = typeof input.code === 'string' ? input.code.replace(/\s/g, '') : '';
  if (!new RegExp(`^\\d{${CODE_DIGITS}}$`).test(code)) {
    problems.code = `Bitte geben Sie den ${CODE_DIGITS}-stelligen Code aus der E-Mail ein.`;
  }
  return { problems, name, code };
}

/** A free text of the page (question, reason): trimmed, or a problem. */
export function messageProblem(value: unknown, required: boolean): string | null {
  // Something else than text is a mistake, not an empty answer: a decline must not pass without its reason.
  if (value !== undefined && value !== null && typeof value !== 'string')
    return 'Bitte geben Sie einen Text ein.';
  const text = typeof value === 'string' ? value.trim() : '';
  if (required && !text) return 'Bitte schreiben Sie Ihre Frage.';
  if (text.length > MESSAGE_MAX) return `Höchstens ${MESSAGE_MAX.toLocaleString('de-DE')} Zeichen.`;
  return null;
}
