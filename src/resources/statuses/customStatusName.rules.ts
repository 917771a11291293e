/**
 * A custom status is a step of the open pipeline; the states a Vorgang really is in (Anfrage … Rechnung from
 * the ERP's Belege, Verloren with its Verlustgrund, won = an Auftrag) are not custom statuses. A column
 * "Verloren" only looked like one: its cards were not lost anywhere else. Admins are warned,
 * not stopped (a company may have its reasons).
 */
const SYSTEM_STATES = [
  'Anfrage',
  'Angebot',
  'Auftrag',
  'Rechnung',
  'Verloren',
  'Gewonnen',
  'Abgeschlossen',
  'Storniert',
  'Abgesagt',
  'Erledigt',
];
/** Outcomes: a name containing one of these words ("Auftrag gewonnen", "Kunde verloren") claims an end state. */
const OUTCOME_WORDS = ['verloren', 'gewonnen', 'abgeschlossen', 'storniert', 'abgesagt', 'erledigt'];

const fold = (text: string) =>
  text
    .toLocaleLowerCase('de-DE')
    .replaceAll('ä', 'ae')
    .replaceAll('ö', 'oe')
    .replaceAll('ü', 'ue')
    .replaceAll('ß', 'ss')
    .replace(/[^a-z ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Edits (insert, delete, replace) between two short words. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    row = next;
  }
  return row[b.length]!;
}

/** The system state a status name equals or looks like ("verlohren", "Gewonnen!", "Auftrag gewonnen"), if any. */
export function systemStateLookalike(name: string): string | undefined {
  const folded = fold(name);
  if (!folded) return undefined;
  const whole = folded.replaceAll(' ', '');
  const exact = SYSTEM_STATES.find((state) => distance(whole, fold(state)) <= (whole.length >= 7 ? 2 : 1));
  if (exact) return exact;
  const word = folded.split(' ').find((w) => OUTCOME_WORDS.some((outcome) => distance(w, outcome) <= 1));
  return word ? SYSTEM_STATES.find((state) => distance(word, fold(state)) <= 1) : undefined;
}

/** The German warning at the name field of Admin → Eigene Status, or undefined. */
export function customStatusNameWarning(value: unknown): string | undefined {
  const state = typeof value === 'string' ? systemStateLookalike(value) : undefined;
  if (!state) return undefined;
  return `„${value as string}“ sieht aus wie der Systemzustand „${state}“. Eigene Status sind Schritte der offenen Pipeline: Verloren ist „Als verloren markieren“ mit Verlustgrund, gewonnen ist ein Auftrag aus dem ERP. Karten in dieser Spalte gelten nicht als ${state.toLocaleLowerCase('de-DE')}.`;
}
