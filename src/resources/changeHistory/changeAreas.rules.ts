import type { FieldDeclaration } from '../entity';
import { AUTOMATION_STATE_NAMES } from '../automation/automation.rules';
import { GLOBAL_SETTINGS } from '../globalSettings/globalSettings.form';
import { VORGANG_STATUS_LABELS } from '../vorgaenge/vorgangListTypes';

/** The system states by their German names ("verloren" → "Verloren"). */
const SYSTEM_STATUSES = Object.entries(VORGANG_STATUS_LABELS).map(([id, name]) => ({ id, name }));

/** What the Änderungsverlauf needs to show a field: its label, how its value is stored and what it names. */
export type ChangeField = Pick<FieldDeclaration, 'source' | 'label' | 'type' | 'reference' | 'choices'> & {
  /** Label due days ({labelId: yyyy-MM-dd}), shown as "Label: dd.MM.yyyy". */
  dueDatesOf?: string;
};

/** A kind of record the history shows that no entity declares (entities describe themselves). */
export interface ChangeArea {
  key: string;
  label: string;
  /** The table and column that name a record (for "which record" in the admin view). */
  names?: { table: string; column: string };
  fields: readonly ChangeField[];
}

const text = (source: string, label: string): ChangeField => ({ source, label, type: 'text' });

/** The due days of a record's labels, recorded beside its label ids when a label is set or postponed in place. */
const labelDueDates: ChangeField = {
  source: 'labelDueDates',
  label: 'Fälligkeit der Labels',
  type: 'text',
  dueDatesOf: 'admin/labels',
};

/**
 * Fields hand-made routes record for a declared entity beyond what the entity declares (by entity name): a
 * customer's labels are set and postponed in place with their due days, which its form does not hold.
 */
export const ENTITY_EXTRA_FIELDS: Readonly<Record<string, readonly ChangeField[]>> = {
  kunden: [
    labelDueDates,
    // The merge of a duplicate says whom it took over, the erasure (Art. 17) when and why.
    text('Zusammenführung', 'Zusammenführung'),
    text('dsgvo', 'Datenschutz (DSGVO)'),
  ],
};

const customer: ChangeField = {
  source: 'customerId',
  label: 'Kunde',
  type: 'reference',
  reference: 'kunden',
};
const vorgang: ChangeField = {
  source: 'vorgangId',
  label: 'Vorgang',
  type: 'reference',
  reference: 'vorgang',
};
const beleg: ChangeField = { source: 'belegId', label: 'Beleg', type: 'reference', reference: 'beleg' };

/** What a stored file hangs on (its owner_type), by its German name. */
const FILE_OWNERS = [
  { id: 'kunde', name: 'Kunde' },
  { id: 'aktivitaet', name: 'Aktivität' },
  { id: 'vorgang', name: 'Vorgang' },
];

/** The records hand-made routes and the data sync change, as the history names them. */
export const HAND_MADE_AREAS: readonly ChangeArea[] = [
  {
    // An offer sent online: its state and, on acceptance, the evidence (server/offerOnline).
    key: 'angebot-online',
    label: 'Angebot online',
    names: { table: 'offer_link', column: 'email' },
    fields: [
      text('state', 'Status'),
      text('email', 'Gesendet an'),
      text('signerName', 'Angenommen von (Name)'),
      text('acceptedUtc', 'Zeitpunkt (UTC)'),
      text('acceptedLocal', 'Zeitpunkt (Ortszeit)'),
      text('ip', 'IP-Adresse'),
      text('userAgent', 'Browser'),
      text('pdfSha256', 'SHA-256 des PDF'),
      text('agbVersion', 'AGB (Fassung)'),
      text('widerrufVersion', 'Widerrufsbelehrung (Fassung)'),
      text('codeEmail', 'Code gesendet an'),
      text('codeVerified', 'Code bestätigt'),
      { source: 'widerrufUntil', label: 'Widerruf bis', type: 'date' },
      text('declineReason', 'Grund der Ablehnung'),
    ],
  },
  {
    key: 'vorgang',
    label: 'Vorgang',
    names: { table: 'vorgang', column: 'vorgang_number' },
    fields: [
      text('vorgangNumber', 'Vorgangsnummer'),
      text('title', 'Bezeichnung'),
      customer,
      { source: 'endCustomerId', label: 'Endkunde', type: 'reference', reference: 'endkunde' },
      text('origin', 'Herkunft'),
      { source: 'systemStatus', label: 'Status', type: 'choice', choices: SYSTEM_STATUSES },
      {
        source: 'customStatusId',
        label: 'Eigener Status',
        type: 'reference',
        reference: 'admin/custom-statuses',
      },
      { source: 'sellerUserId', label: 'Verkäufer', type: 'reference', reference: 'admin-benutzer/users' },
      { source: 'branchId', label: 'Filiale', type: 'reference', reference: 'admin-verkauf/branches' },
      text('lostReason', 'Verlustgrund'),
      { source: 'expectedValueCents', label: 'Erwarteter Wert', type: 'money' },
      // Set only by the data sync, from the Vorgang's current Beleg.
      { source: 'netTotalCents', label: 'Summe netto', type: 'money' },
      { source: 'expectedOrderDate', label: 'Erwarteter Auftrag', type: 'date' },
      { source: 'labelIds', label: 'Labels', type: 'referenceMany', reference: 'admin/labels' },
      labelDueDates,
      // "Nachfassen beenden" of an online offer (the automation's follow-up cadence).
      text('nachfassen', 'Nachfassen (Online-Angebot)'),
    ],
  },
  {
    key: 'endkunde',
    label: 'Endkunde',
    names: { table: 'end_customer', column: 'name' },
    fields: [
      text('name', 'Name'),
      text('street', 'Straße'),
      text('zip', 'PLZ'),
      text('city', 'Ort'),
      text('country', 'Land'),
      text('phone', 'Telefon'),
      text('email', 'E-Mail'),
    ],
  },
  {
    key: 'beleg',
    label: 'Beleg',
    names: { table: 'beleg', column: 'beleg_number' },
    fields: [
      vorgang,
      text('belegNumber', 'Belegnummer'),
      text('belegType', 'Belegart'),
      { source: 'belegDate', label: 'Datum', type: 'date' },
      { source: 'netCents', label: 'Netto', type: 'money' },
      { source: 'grossCents', label: 'Brutto', type: 'money' },
      text('status', 'Status'),
    ],
  },
  {
    key: 'belegposition',
    label: 'Belegposition',
    fields: [
      beleg,
      { source: 'posNr', label: 'Position', type: 'integer' },
      text('articleNumber', 'Artikelnummer'),
      { source: 'articleId', label: 'Artikel', type: 'reference', reference: 'admin/articles' },
      text('description', 'Bezeichnung'),
      text('customDescription', 'Eigener Text'),
      { source: 'quantity', label: 'Menge', type: 'integer' },
      text('unit', 'Einheit'),
      {
        source: 'goodsGroupId',
        label: 'Warengruppe',
        type: 'reference',
        reference: 'admin-verkauf/goods-groups',
      },
      { source: 'unitPriceCents', label: 'Einzelpreis', type: 'money' },
      { source: 'totalCents', label: 'Gesamt', type: 'money' },
    ],
  },
  {
    key: 'belegnotiz',
    label: 'Notiz zum Beleg',
    fields: [beleg, text('text', 'Notiz'), text('createdBy', 'Verfasst von')],
  },
  {
    key: 'notiz',
    label: 'Notiz',
    fields: [
      customer,
      text('text', 'Notiz'),
      text('authorName', 'Verfasst von'),
      { source: 'writtenAt', label: 'Geschrieben am', type: 'datetime' },
    ],
  },
  {
    key: 'persoenliche-notiz',
    label: 'Persönliche Notiz',
    // Its version only: the text is its author's alone and is not recorded.
    fields: [{ source: 'revision', label: 'Fassung (Inhalt privat)', type: 'integer' }],
  },
  {
    key: 'kein-duplikat',
    label: 'Kein Duplikat',
    names: { table: 'customer', column: 'display_name' },
    fields: [{ source: 'otherId', label: 'Kein Duplikat von', type: 'reference', reference: 'kunden' }],
  },
  {
    key: 'datei',
    label: 'Datei',
    names: { table: 'stored_file', column: 'original_name' },
    fields: [
      text('originalName', 'Datei'),
      { source: 'ownerType', label: 'Gehört zu', type: 'choice', choices: FILE_OWNERS },
      { source: 'ownerId', label: 'Nummer des Datensatzes', type: 'integer' },
      text('mimeType', 'Art'),
      { source: 'sizeBytes', label: 'Größe (Bytes)', type: 'integer' },
      text('uploadedBy', 'Hochgeladen von'),
      { source: 'uploadedAt', label: 'Hochgeladen am', type: 'datetime' },
    ],
  },
  {
    key: 'nps',
    label: 'NPS-Antwort',
    fields: [
      { source: 'score', label: 'Bewertung', type: 'integer' },
      text('comment', 'Kommentar'),
      text('channel', 'Kanal'),
      { source: 'answeredAt', label: 'Beantwortet am', type: 'datetime' },
      customer,
      { source: 'sellerUserId', label: 'Verkäufer', type: 'reference', reference: 'admin-benutzer/users' },
      { source: 'branchId', label: 'Filiale', type: 'reference', reference: 'admin-verkauf/branches' },
      {
        source: 'followUpActivityId',
        label: 'Nachfass-Aktivität',
        type: 'reference',
        reference: 'aktivitaeten',
      },
    ],
  },
  {
    key: 'verkaufskurve',
    label: 'Verkaufskurve',
    fields: [{ source: 'sharePercent', label: 'Anteil (%)', type: 'text' }],
  },
  {
    key: 'automatisierung',
    label: 'Automatisierung',
    names: { table: 'automation', column: 'name' },
    fields: [
      text('name', 'Name'),
      {
        source: 'state',
        label: 'Zustand',
        type: 'choice',
        choices: Object.entries(AUTOMATION_STATE_NAMES).map(([id, name]) => ({ id, name })),
      },
      { source: 'branchId', label: 'Filiale', type: 'reference', reference: 'admin-verkauf/branches' },
      { source: 'runsPerMinute', label: 'Höchstens Läufe je Minute', type: 'integer' },
      text('pausedReason', 'Grund der Pause'),
      { source: 'versionNumber', label: 'Fassung', type: 'integer' },
      text('trigger', 'Auslöser'),
      text('conditions', 'Bedingungen'),
      text('actions', 'Aktionen'),
    ],
  },
  {
    key: 'einstellungen',
    label: 'Einstellungen',
    fields: GLOBAL_SETTINGS.fields,
  },
];
