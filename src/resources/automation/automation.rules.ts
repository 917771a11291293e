import type { Action, Definition, DateField, OfferAnswer, RecipientRole, Trigger } from './automationTypes';

/** German names of the triggers, the date fields, the recipients and the actions (form, list, log). */
export const TRIGGER_NAMES: Record<Trigger['kind'], string> = {
  beleg: 'Beleg aus dem ERP eingegangen',
  eigenerStatus: 'Eigener Status geändert',
  datum: 'Datum (Arbeitstage davor/danach)',
  inaktiv: 'Keine Aktivität seit … Arbeitstagen',
  nps: 'NPS-Antwort eingegangen',
  angebotOnline: 'Antwort auf ein Online-Angebot',
};

/** The customer's answers on an online offer, as the trigger's choices and its description say them. */
export const OFFER_ANSWER_NAMES: Record<OfferAnswer, string> = {
  angenommen: 'angenommen',
  abgelehnt: 'abgelehnt',
  rueckfrage: 'Rückfrage gestellt',
};

export const DATE_FIELD_NAMES: Record<DateField, string> = {
  angebotGesendet: 'Angebot gesendet',
  gueltigBis: 'Angebot gültig bis',
  letzteAktivitaet: 'Letzte Aktivität',
  montagetermin: 'Montagetermin',
  onlineAngebotGesendet: 'Online-Angebot gesendet',
  onlineAngebotGueltigBis: 'Online-Angebot gültig bis',
};

/** The condition on the latest online offer, in words. */
export const OFFER_OPENED_NAMES = {
  ja: 'vom Kunden geöffnet',
  nein: 'vom Kunden nicht geöffnet',
} as const;

export const RECIPIENT_NAMES: Record<RecipientRole, string> = {
  verkaeufer: 'Verkäufer des Vorgangs',
  betreuer: 'Betreuer des Kunden',
  filialleitung: 'Filialleitung',
  person: 'Bestimmte Person',
};

export const ACTION_NAMES: Record<Action['kind'], string> = {
  todo: 'Todo anlegen',
  mail: 'E-Mail an den Kunden (Textvorlage)',
  feld: 'Feld setzen',
  benachrichtigung: 'In der App benachrichtigen',
  webhook: 'Webhook aufrufen',
};

export const RUN_STATE_NAMES = {
  wartend: 'Wartet',
  laeuft: 'Läuft',
  fertig: 'Fertig',
  fehler: 'Fehler',
  uebersprungen: 'Übersprungen',
} as const;

export const CUSTOMER_TYPE_NAMES = { privat: 'Privat', gewerbe: 'Gewerbe', haendler: 'Händler' } as const;

export const AUTOMATION_STATE_NAMES = { entwurf: 'Entwurf', aktiv: 'Aktiv', pausiert: 'Pausiert' } as const;

/** The placeholders of a todo's or a notification's text. */
export const TEXT_PLACEHOLDERS = [
  'Vorgang',
  'Kunde',
  'Verkäufer',
  'Betrag',
  'Anlass',
  'Automatisierung',
] as const;
export type TextValues = Partial<Record<(typeof TEXT_PLACEHOLDERS)[number], string>>;

const PLACEHOLDER = /\{\{\s*([^}]+?)\s*\}\}/g;

/** The text with its placeholders filled (an unknown one stays as written). */
export const fillText = (text: string, values: TextValues): string =>
  text.replace(PLACEHOLDER, (whole, name: string) => values[name as keyof TextValues] ?? whole);

/** Placeholders in `text` that no value fills. */
export const unknownTextPlaceholders = (text: string): string[] =>
  [...text.matchAll(PLACEHOLDER)]
    .map((match) => match[1]!)
    .filter((name) => !(TEXT_PLACEHOLDERS as readonly string[]).includes(name));

const ALLOWED_HTTP_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Why a webhook address is refused (https only; plain http only to this machine), or null. */
export function webhookUrlProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'Bitte geben Sie eine vollständige Adresse an (https://…).';
  }
  if (parsed.protocol === 'https:') return null;
  if (parsed.protocol === 'http:' && ALLOWED_HTTP_HOSTS.has(parsed.hostname)) return null;
  return 'Webhooks gehen nur über HTTPS (https://…).';
}

/**
 * What is wrong with a definition beyond its shape, by field path ("actions.0.text"), in German: the form shows
 * it at the field, the server answers it as a 400. Empty: fine.
 */
export function definitionProblems(definition: Definition): Record<string, string> {
  const problems: Record<string, string> = {};
  const { trigger, conditions, actions } = definition;
  if (trigger.kind === 'nps' && trigger.minScore > trigger.maxScore) {
    problems['trigger.maxScore'] = 'Der höchste Wert darf nicht unter dem niedrigsten liegen.';
  }
  if (
    trigger.kind === 'eigenerStatus' &&
    trigger.fromStatusId !== null &&
    trigger.fromStatusId === trigger.toStatusId
  ) {
    problems['trigger.toStatusId'] = 'Von und Nach sind derselbe Status: so ändert sich nichts.';
  }
  if (
    conditions.minAmountCents !== null &&
    conditions.maxAmountCents !== null &&
    conditions.minAmountCents > conditions.maxAmountCents
  ) {
    problems['conditions.maxAmountCents'] = 'Der Höchstbetrag liegt unter dem Mindestbetrag.';
  }
  actions.forEach((action, index) => {
    const at = (field: string) => `actions.${index}.${field}`;
    const recipientProblem = (recipient: { role: RecipientRole; userId: number | null }) =>
      recipient.role === 'person' && recipient.userId === null ? 'Bitte wählen Sie die Person.' : null;
    switch (action.kind) {
      case 'todo': {
        if (action.todoKind === 'label' && action.labelId === null)
          problems[at('labelId')] = 'Bitte wählen Sie ein Label.';
        if (action.todoKind === 'aktivitaet' && !action.activityType) {
          problems[at('activityType')] = 'Bitte wählen Sie die Art der Aktivität.';
        }
        const recipient = recipientProblem(action.recipient);
        if (recipient) problems[at('recipient')] = recipient;
        const unknown = unknownTextPlaceholders(action.text);
        if (unknown.length) problems[at('text')] = `Unbekannte Platzhalter: ${unknown.join(', ')}`;
        if (!action.text.trim()) problems[at('text')] = 'Bitte geben Sie einen Text ein.';
        break;
      }
      case 'benachrichtigung': {
        const recipient = action.recipients.map(recipientProblem).find(Boolean);
        if (recipient) problems[at('recipients')] = recipient;
        const unknown = unknownTextPlaceholders(action.text);
        if (unknown.length) problems[at('text')] = `Unbekannte Platzhalter: ${unknown.join(', ')}`;
        if (!action.text.trim()) problems[at('text')] = 'Bitte geben Sie einen Text ein.';
        break;
      }
      case 'webhook': {
        const url = webhookUrlProblem(action.url);
        if (url) problems[at('url')] = url;
        break;
      }
      case 'feld':
        if (action.field === 'verkaeufer' && action.valueId === null) {
          problems[at('valueId')] = 'Bitte wählen Sie den Verkäufer.';
        }
        break;
      default:
        break;
    }
  });
  const needsVorgang = actions.some(
    (action) => action.kind === 'feld' || (action.kind === 'todo' && action.todoKind === 'label'),
  );
  if (needsVorgang && trigger.kind === 'nps') {
    problems['actions'] =
      'NPS-Antworten haben nicht immer einen Vorgang: Felder und Labels eines Vorgangs lassen sich hier nicht setzen.';
  }
  return problems;
}
