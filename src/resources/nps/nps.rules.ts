/** NPS categories (docs/glossary.md): Kritiker 0-6, Passive 7-8, Promotoren 9-10. */
export type NpsCategory = 'kritiker' | 'passiv' | 'promoter';

export const NPS_CATEGORIES: readonly { id: NpsCategory; name: string; color: string }[] = [
  { id: 'kritiker', name: 'Kritiker (0–6)', color: '#d32f2f' },
  { id: 'passiv', name: 'Passive (7–8)', color: '#ed8c00' },
  { id: 'promoter', name: 'Promotoren (9–10)', color: '#2e7d32' },
];

/** The category of a score 0-10. */
export const categoryOf = (score: number): NpsCategory =>
  score <= 6 ? 'kritiker' : score <= 8 ? 'passiv' : 'promoter';

/** An NPS as shown everywhere (statistics, dashboard): "+50", "0", "-20"; "–" without answers. */
export const formatNps = (nps: number | null): string =>
  nps === null ? '–' : nps > 0 ? `+${nps}` : String(nps);

/** Colour of a score's category (chips, bars). */
export const categoryColor = (score: number): string =>
  NPS_CATEGORIES.find((category) => category.id === categoryOf(score))!.color;

/** How an answer came in; `web` is the public survey page. */
export const NPS_CHANNELS = [
  { id: 'telefon', name: 'Telefon' },
  { id: 'persoenlich', name: 'Persönlich / Karte' },
  { id: 'email', name: 'E-Mail' },
  { id: 'web', name: 'Online-Umfrage' },
] as const;

export type NpsChannel = (typeof NPS_CHANNELS)[number]['id'];

/** The German name of a channel code. */
export const channelName = (code: string): string =>
  NPS_CHANNELS.find((channel) => channel.id === code)?.name ?? code;

export const COMMENT_MAX = 2000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether text is a real calendar day written YYYY-MM-DD. */
export const isCalendarDay = (value: unknown): value is string => {
  if (typeof value !== 'string' || !DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
};

/** What the capture form sends (also checked by the server, field by field). */
export interface NpsAnswerInput {
  customerId?: unknown;
  vorgangId?: unknown;
  score?: unknown;
  comment?: unknown;
  channel?: unknown;
  answeredOn?: unknown;
}

/** A score as the public page and the form send it: a whole number 0-10, else a German message. */
export function scoreProblem(score: unknown): string | undefined {
  return Number.isInteger(score) && (score as number) >= 0 && (score as number) <= 10
    ? undefined
    : 'Bitte wählen Sie eine Bewertung von 0 bis 10.';
}

/** A comment: optional text up to 2000 characters. */
export function commentProblem(comment: unknown): string | undefined {
  if (comment === undefined || comment === null) return undefined;
  if (typeof comment !== 'string') return 'Der Kommentar muss ein Text sein.';
  return comment.length > COMMENT_MAX
    ? `Der Kommentar darf höchstens ${COMMENT_MAX.toLocaleString('de-DE')} Zeichen lang sein.`
    : undefined;
}

/**
 * The German problems of a captured answer, per field (empty: fine). `today` is the company's day, so an
 * answer cannot be dated in the future of the tenant's calendar.
 */
export function npsAnswerProblems(input: NpsAnswerInput, today: string): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!Number.isInteger(input.customerId) || (input.customerId as number) < 1) {
    problems.customerId = 'Bitte wählen Sie einen Kunden.';
  }
  if (
    input.vorgangId !== undefined &&
    input.vorgangId !== null &&
    (!Number.isInteger(input.vorgangId) || (input.vorgangId as number) < 1)
  ) {
    problems.vorgangId = 'Bitte wählen Sie einen Vorgang des Kunden oder keinen.';
  }
  const score = scoreProblem(input.score);
  if (score) problems.score = score;
  const comment = commentProblem(input.comment);
  if (comment) problems.comment = comment;
  if (!NPS_CHANNELS.some((channel) => channel.id === input.channel)) {
    problems.channel = 'Bitte wählen Sie, wie die Antwort kam (Telefon, Persönlich / Karte, E-Mail, Online).';
  }
  if (!isCalendarDay(input.answeredOn)) problems.answeredOn = 'Bitte geben Sie ein gültiges Datum ein.';
  else if (input.answeredOn > today) problems.answeredOn = 'Das Datum darf nicht in der Zukunft liegen.';
  return problems;
}
