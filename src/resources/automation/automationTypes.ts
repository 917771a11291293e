import Type, { type Static } from 'typebox';
import { Id } from '../../api/schemas';

/**
 * What an automation is, as stored in each of its versions (`automation_version.definition`) and edited in
 * Admin → Automatisierung: one trigger, conditions on the record, and the actions in order. React-free: the
 * server validates and runs it, the form edits it (server/automation/README.md explains the model).
 */

/**
 * The date fields of an offer link mailed to the customer (`offer_link`): a time trigger on them is a follow-up
 * cadence step, made per link and only while that link may still be followed up (open, not stopped, no
 * Auftragsbestätigung on the Vorgang; server/automation/offerCadenceQueries.ts).
 */
export const OFFER_LINK_DATE_FIELDS = ['onlineAngebotGesendet', 'onlineAngebotGueltigBis'] as const;

/** The Belegarten that arrive from the ERP and may start an automation. */
export const TRIGGER_BELEG_TYPES = ['angebot', 'auftragsbestaetigung', 'rechnung'] as const;

/** The date fields of a Vorgang a time trigger counts from (German names in automation.rules.ts). */
export const DATE_FIELDS = [
  'angebotGesendet',
  'gueltigBis',
  'letzteAktivitaet',
  'montagetermin',
  'onlineAngebotGesendet',
  'onlineAngebotGueltigBis',
] as const;
export type DateField = (typeof DATE_FIELDS)[number];

/** One of the codes, typed as their union (TypeBox keeps literal types only for tuples written out). */
const literalUnion = <const T extends readonly string[]>(values: T) =>
  Type.Unsafe<T[number]>(Type.Union(values.map((value) => Type.Literal(value))));

/** Whole days in a definition: offsets, waits, due days (a year at most either way). */
const Days = (description: string) => Type.Integer({ minimum: 0, maximum: 365, description });

export const BelegTrigger = Type.Object(
  {
    kind: Type.Literal('beleg'),
    belegTypes: Type.Array(literalUnion(TRIGGER_BELEG_TYPES), {
      minItems: 1,
      maxItems: 3,
      uniqueItems: true,
    }),
    /** Wait this long after the Beleg arrived before the actions run (0: at once). */
    waitDays: Days('Wartezeit nach dem Eingang'),
    waitUnit: literalUnion(['arbeitstage', 'kalendertage'] as const),
  },
  { additionalProperties: false },
);

export const StatusTrigger = Type.Object(
  {
    kind: Type.Literal('eigenerStatus'),
    /** The Eigener Status it leaves; null: any (also "Ohne Status"). */
    fromStatusId: Type.Union([Type.Null(), Id()]),
    /** The Eigener Status it enters; null: any. */
    toStatusId: Type.Union([Type.Null(), Id()]),
  },
  { additionalProperties: false },
);

export const DateTrigger = Type.Object(
  {
    kind: Type.Literal('datum'),
    field: literalUnion(DATE_FIELDS),
    /** Working days after (positive) or before (negative) the date. */
    offsetWorkingDays: Type.Integer({ minimum: -60, maximum: 365 }),
  },
  { additionalProperties: false },
);

export const IdleTrigger = Type.Object(
  {
    kind: Type.Literal('inaktiv'),
    /** No activity on the open Vorgang for this many working days. */
    workingDays: Type.Integer({ minimum: 1, maximum: 365 }),
  },
  { additionalProperties: false },
);

export const NpsTrigger = Type.Object(
  {
    kind: Type.Literal('nps'),
    minScore: Type.Integer({ minimum: 0, maximum: 10 }),
    maxScore: Type.Integer({ minimum: 0, maximum: 10 }),
  },
  { additionalProperties: false },
);

/** The customer's answers on an online offer's page that an automation may start on. */
export const OFFER_ANSWERS = ['angenommen', 'abgelehnt', 'rueckfrage'] as const;
export type OfferAnswer = (typeof OFFER_ANSWERS)[number];

export const OnlineOfferTrigger = Type.Object(
  {
    kind: Type.Literal('angebotOnline'),
    answers: Type.Array(literalUnion(OFFER_ANSWERS), { minItems: 1, maxItems: 3, uniqueItems: true }),
  },
  { additionalProperties: false },
);

export const Trigger = Type.Union([
  BelegTrigger,
  StatusTrigger,
  DateTrigger,
  IdleTrigger,
  NpsTrigger,
  OnlineOfferTrigger,
]);
export type Trigger = Static<typeof Trigger>;
export type TriggerKind = Trigger['kind'];
export const TRIGGER_KINDS = ['beleg', 'eigenerStatus', 'datum', 'inaktiv', 'nps', 'angebotOnline'] as const;
/** The triggers the database's record events start (the others are the daily sweep's). */
export type EventTriggerKind = Exclude<TriggerKind, 'datum' | 'inaktiv'>;

export const VORGANG_STATUS_CODES = ['anfrage', 'angebot', 'auftrag', 'rechnung', 'verloren'] as const;
export const CUSTOMER_TYPE_CODES = ['privat', 'gewerbe', 'haendler'] as const;

/** Conditions on the record; an empty list or a missing bound means "any". */
export const Conditions = Type.Object(
  {
    branchIds: Type.Array(Id(), { maxItems: 100, uniqueItems: true }),
    /** The Vorgang's type as the system status says it: Anfrage, Angebot, Auftrag, Rechnung, Verloren. */
    vorgangStatuses: Type.Array(literalUnion(VORGANG_STATUS_CODES), { maxItems: 5, uniqueItems: true }),
    minAmountCents: Type.Union([Type.Null(), Type.Integer({ minimum: 0, maximum: 100_000_000_000 })]),
    maxAmountCents: Type.Union([Type.Null(), Type.Integer({ minimum: 0, maximum: 100_000_000_000 })]),
    customStatusIds: Type.Array(Id(), { maxItems: 100, uniqueItems: true }),
    customerTypes: Type.Array(literalUnion(CUSTOMER_TYPE_CODES), { maxItems: 3, uniqueItems: true }),
    /**
     * Whether the customer opened the Vorgang's latest online offer ("ja"/"nein"; null: any). Optional: versions
     * saved before it existed mean "any".
     */
    offerOpened: Type.Optional(Type.Union([Type.Null(), literalUnion(['ja', 'nein'] as const)])),
  },
  { additionalProperties: false },
);
export type Conditions = Static<typeof Conditions>;

/** Conditions that hold for every record: a new automation's, and the base the recipes and tests add to. */
export function noConditions(): Conditions {
  return {
    branchIds: [],
    vorgangStatuses: [],
    minAmountCents: null,
    maxAmountCents: null,
    customStatusIds: [],
    customerTypes: [],
    offerOpened: null,
  };
}

export const RECIPIENT_ROLES = ['verkaeufer', 'betreuer', 'filialleitung', 'person'] as const;
export type RecipientRole = (typeof RECIPIENT_ROLES)[number];

/** Whom an action means: the Vorgang's Verkäufer, the customer's Betreuer, the branch lead, or one person. */
export const Recipient = Type.Object(
  {
    role: literalUnion(RECIPIENT_ROLES),
    /** With role "person": the CRM user. */
    userId: Type.Union([Type.Null(), Id()]),
  },
  { additionalProperties: false },
);
export type Recipient = Static<typeof Recipient>;

/** Texts with placeholders ({{Vorgang}}, {{Kunde}}, {{Verkäufer}}, {{Betrag}}, {{Automatisierung}}). */
const TemplateText = (maxLength: number) => Type.String({ minLength: 1, maxLength });

export const TodoAction = Type.Object(
  {
    kind: Type.Literal('todo'),
    /** A planned activity (in Todos) or a due label on the Vorgang (in Fällige Labels). */
    todoKind: literalUnion(['aktivitaet', 'label'] as const),
    /** The activity's type (Anruf, Aufmaß …) for a planned activity. */
    activityType: Type.String({ maxLength: 30 }),
    /** The label for a due label. */
    labelId: Type.Union([Type.Null(), Id()]),
    recipient: Recipient,
    dueInWorkingDays: Days('Fällig in … Arbeitstagen'),
    text: TemplateText(500),
  },
  { additionalProperties: false },
);

export const MailAction = Type.Object(
  {
    kind: Type.Literal('mail'),
    templateId: Id({ description: 'Textvorlage' }),
  },
  { additionalProperties: false },
);

export const SET_FIELDS = ['eigenerStatus', 'verkaeufer'] as const;

export const FieldAction = Type.Object(
  {
    kind: Type.Literal('feld'),
    field: literalUnion(SET_FIELDS),
    /** The Eigener Status (null: "Ohne Status") or the Verkäufer (a user). */
    valueId: Type.Union([Type.Null(), Id()]),
  },
  { additionalProperties: false },
);

export const NotifyAction = Type.Object(
  {
    kind: Type.Literal('benachrichtigung'),
    recipients: Type.Array(Recipient, { minItems: 1, maxItems: 10 }),
    text: TemplateText(300),
  },
  { additionalProperties: false },
);

export const WebhookAction = Type.Object(
  {
    kind: Type.Literal('webhook'),
    url: Type.String({ minLength: 8, maxLength: 500 }),
    /** The HMAC-SHA256 key the receiver checks the signature with. */
    secret: Type.String({ minLength: 16, maxLength: 200 }),
  },
  { additionalProperties: false },
);

export const Action = Type.Union([TodoAction, MailAction, FieldAction, NotifyAction, WebhookAction]);
export type Action = Static<typeof Action>;
export type ActionKind = Action['kind'];

export const Definition = Type.Object(
  {
    trigger: Trigger,
    conditions: Conditions,
    actions: Type.Array(Action, { minItems: 1, maxItems: 10 }),
  },
  { additionalProperties: false },
);
export type Definition = Static<typeof Definition>;

export const AUTOMATION_STATES = ['entwurf', 'aktiv', 'pausiert'] as const;
export type AutomationState = (typeof AUTOMATION_STATES)[number];

export const RUN_STATES = ['wartend', 'laeuft', 'fertig', 'fehler', 'uebersprungen'] as const;
export type RunState = (typeof RUN_STATES)[number];

/** Default of the rate cap: runs per minute before the automation is paused and its owner told. */
export const DEFAULT_RUNS_PER_MINUTE = 500;
/** A chain of automations triggering each other stops after this many links. */
export const MAX_CHAIN_DEPTH = 3;
