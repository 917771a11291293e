import Type, { type Static } from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { Id, IdParams, NullableInteger, NullableString, Timestamp } from '../../api/schemas';
import { GROUPS } from '../../auth/groups';

const tags = ['Angebot online'];
const seller = { groups: [GROUPS.kunde] };
const admin = { groups: [GROUPS.admin] };

/** The states of a link, as the seller reads them. */
export const OFFER_LINK_STATES = {
  offen: 'Offen',
  angenommen: 'Angenommen',
  abgelehnt: 'Abgelehnt',
  zurueckgezogen: 'Zurückgezogen',
  ersetzt: 'Ersetzt durch ein neueres Angebot',
} as const;
export type OfferLinkState = keyof typeof OFFER_LINK_STATES;

/** What happened with a link, in the order it happened. */
export const OFFER_EVENT_LABELS = {
  gesendet: 'Gesendet',
  geoeffnet: 'Geöffnet',
  code_gesendet: 'Bestätigungscode gesendet',
  angenommen: 'Angenommen',
  abgelehnt: 'Abgelehnt',
  rueckfrage: 'Rückfrage',
  zurueckgezogen: 'Link zurückgezogen',
} as const;
export type OfferEventKind = keyof typeof OFFER_EVENT_LABELS;

const OfferEvent = Type.Object({
  kind: Type.Unsafe<OfferEventKind>(Type.String()),
  at: Timestamp(),
  message: NullableString(),
  ip: NullableString(),
  userAgent: NullableString(),
});

const Acceptance = Type.Object({
  acceptedAt: Timestamp(),
  acceptedLocal: Type.String(),
  timeZone: Type.String(),
  signerName: Type.String(),
  ip: NullableString(),
  userAgent: NullableString(),
  pdfSha256: Type.String(),
  agbVersionId: NullableInteger(),
  widerrufVersionId: NullableInteger(),
  formularVersionId: NullableInteger(),
  codeEmail: Type.String(),
  codeVerifiedAt: Timestamp(),
  consumer: Type.Boolean(),
  widerrufUntil: NullableString({
    description: 'Letzter Tag der Widerrufsfrist (yyyy-MM-dd); null bei Gewerbe',
  }),
});

const OfferLinkInfo = Type.Object({
  id: Id(),
  belegNumber: Type.String(),
  email: Type.String(),
  sentBy: Type.String(),
  sentAt: Timestamp(),
  validUntil: Type.String(),
  state: Type.Unsafe<OfferLinkState>(Type.String()),
  decidedAt: NullableString(),
  declineReason: NullableString(),
  openCount: Type.Integer(),
  firstOpenedAt: NullableString(),
  lastOpenedAt: NullableString(),
  pdfSha256: NullableString(),
  events: Type.Array(OfferEvent),
  acceptance: Type.Union([Acceptance, Type.Null()]),
});
export type OfferLinkInfo = Static<typeof OfferLinkInfo>;

/** The online offers of a Vorgang, newest first, with their timeline and the acceptance's evidence. */
export const getVorgangOfferLinks = defineEndpoint({
  method: 'GET',
  path: 'angebotOnline/vorgang/:id',
  access: seller,
  tags,
  summary: 'Angebot online eines Vorgangs: Links, Öffnungen, Entscheidung, Nachweis der Annahme',
  params: IdParams,
  response: Type.Object({ links: Type.Array(OfferLinkInfo) }),
});

/** Ends an open link: the customer's page then says the link is no longer valid. */
export const withdrawOfferLink = defineEndpoint({
  method: 'POST',
  path: 'angebotOnline/link/:id/zurueckziehen',
  access: seller,
  tags,
  summary: 'Link zum Angebot zurückziehen (nur solange er offen ist)',
  params: IdParams,
  response: Type.Object({ state: Type.String() }),
});

/** The PDF of a link: after an acceptance with its Annahmebestätigung, else as it was sent. */
export const getOfferLinkPdf = defineEndpoint({
  method: 'GET',
  path: 'angebotOnline/link/:id/pdf',
  access: seller,
  tags,
  summary: 'Das gesendete Angebot als PDF, nach der Annahme mit Annahmebestätigung',
  kind: 'file',
  params: IdParams,
});

/** The three texts the public page shows. */
export const LEGAL_TEXT_KINDS = {
  agb: 'Allgemeine Geschäftsbedingungen',
  widerruf: 'Widerrufsbelehrung',
  widerrufsformular: 'Muster-Widerrufsformular',
} as const;
export type LegalTextKind = keyof typeof LEGAL_TEXT_KINDS;
export const LegalTextKindSchema = () =>
  Type.Unsafe<LegalTextKind>(Type.Union(Object.keys(LEGAL_TEXT_KINDS).map((k) => Type.Literal(k))));

const LegalText = Type.Object({
  id: Id(),
  kind: LegalTextKindSchema(),
  body: Type.String(),
  createdAt: Timestamp(),
  createdBy: Type.String(),
});
export type LegalText = Static<typeof LegalText>;

/** The current version of each text (Admin → Einstellungen). */
export const getLegalTexts = defineEndpoint({
  method: 'GET',
  path: 'angebotOnline/rechtstexte',
  access: admin,
  tags,
  summary: 'Aktuelle Fassung von AGB, Widerrufsbelehrung und Muster-Widerrufsformular',
  response: Type.Object({ texts: Type.Array(LegalText) }),
});

/** A new version of one text; earlier versions stay for the acceptances that showed them. */
export const saveLegalText = defineEndpoint({
  method: 'POST',
  path: 'angebotOnline/rechtstexte',
  access: admin,
  tags,
  summary: 'Neue Fassung eines Rechtstexts speichern (frühere Fassungen bleiben erhalten)',
  body: Type.Object({
    kind: LegalTextKindSchema(),
    body: Type.String({ maxLength: 50000 }),
    /** The version the editor started from: another save meanwhile is a 409. */
    basedOn: Id(),
  }),
  response: LegalText,
});
