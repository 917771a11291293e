import Type, { type Static } from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { Id, NullableString, Timestamp, Version } from '../../api/schemas';
import { GROUPS } from '../../auth/groups';
import { DueScopeQuery } from '../todos/dueItems.endpoints';

const access = { groups: [GROUPS.kunde] };
const tags = ['Sammelaktionen'];

/** The lists whose rows a bulk action changes. */
export const BulkTarget = Type.Union(
  [Type.Literal('kunden'), Type.Literal('vorgaenge'), Type.Literal('faelligeLabels')],
  { description: 'Liste: kunden, vorgaenge oder faelligeLabels' },
);
export type BulkTarget = Static<typeof BulkTarget>;

/** What happens to each selected row. */
export const BulkAction = Type.Union([
  Type.Object(
    {
      kind: Type.Literal('labelHinzu'),
      labelId: Id({ description: 'Das Label, das jeder Datensatz bekommt' }),
      dueDate: Type.Optional(
        Type.Union([Type.String({ format: 'date' }), Type.Null()], {
          description: 'Fällig am (JJJJ-MM-TT); ohne: nach den „fällig nach“-Tagen des Labels',
        }),
      ),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    { kind: Type.Literal('labelEntfernen'), labelId: Id({ description: 'Das Label, das entfernt wird' }) },
    { additionalProperties: false },
  ),
  Type.Object(
    { kind: Type.Literal('betreuer'), userId: Id({ description: 'Der neue Betreuer (nur Kunden)' }) },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      kind: Type.Literal('verkaeufer'),
      userId: Type.Union([Id(), Type.Null()], {
        description: 'Der neue Verkäufer (nur Vorgänge); null: keiner',
      }),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      kind: Type.Literal('eigenerStatus'),
      customStatusId: Type.Union([Id(), Type.Null()], {
        description: 'Der neue Eigene Status (nur Vorgänge); null: Ohne Status',
      }),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    { kind: Type.Literal('erledigt') },
    { additionalProperties: false, description: 'Fällige Labels: erledigt (das Label wird entfernt)' },
  ),
  Type.Object(
    {
      kind: Type.Literal('verschieben'),
      dueDate: Type.Optional(
        Type.String({ format: 'date', description: 'Neues Fälligkeitsdatum (JJJJ-MM-TT)' }),
      ),
      days: Type.Optional(
        Type.Integer({
          minimum: 1,
          maximum: 365,
          description: 'Oder so viele Tage später: ab der Fälligkeit, bei überfälligen ab heute',
        }),
      ),
    },
    { additionalProperties: false, description: 'Fällige Labels: Fälligkeit verschieben' },
  ),
  Type.Object(
    {
      kind: Type.Literal('mail'),
      templateId: Id({
        description:
          'Die Textvorlage: je Empfänger personalisiert in den Postausgang (bei Vorgängen an dessen Kunden)',
      }),
    },
    { additionalProperties: false },
  ),
]);
export type BulkAction = Static<typeof BulkAction>;

/** At most this many rows are ticked one by one; beyond a page the selection is the list's filter. */
export const MAX_PICKED_ROWS = 500;

/** The rows the action applies to: ticked ones with the version each showed, or all the filter matches. */
export const BulkSelection = Type.Union([
  Type.Object(
    {
      rows: Type.Array(Type.Object({ id: Id(), version: Version() }, { additionalProperties: false }), {
        minItems: 1,
        maxItems: MAX_PICKED_ROWS,
      }),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      labels: Type.Array(
        Type.Object(
          {
            key: Type.String({
              pattern: '^(vorgangLabel|kundeLabel):[1-9][0-9]{0,9}:[1-9][0-9]{0,9}$',
              description: 'vorgangLabel:<vorgangId>:<labelId> oder kundeLabel:<kundeId>:<labelId>',
            }),
            expectedDueDate: Type.String({
              format: 'date',
              description: 'Fälligkeit, wie die Liste sie zeigte (abgelehnt, wenn sie sich änderte)',
            }),
          },
          { additionalProperties: false },
        ),
        { minItems: 1, maxItems: MAX_PICKED_ROWS, description: 'Fällige Labels: die angehakten Labels' },
      ),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      filter: Type.Record(Type.String({ maxLength: 60 }), Type.Unknown(), {
        maxProperties: 40,
        description: 'Der Filter der Liste wie beim Auflisten: alle Treffer',
      }),
    },
    { additionalProperties: false },
  ),
]);
export type BulkSelection = Static<typeof BulkSelection>;

export const BulkRefusal = Type.Object({
  recordId: Id(),
  name: NullableString({ description: 'Der Name des Datensatzes, wie die Liste ihn zeigt' }),
  reason: Type.String({ description: 'Warum er nicht geändert wurde (Berechtigung, geändert, …)' }),
});
export type BulkRefusal = Static<typeof BulkRefusal>;

export const BulkJob = Type.Object({
  id: Id(),
  target: BulkTarget,
  state: Type.Union([Type.Literal('laeuft'), Type.Literal('fertig')]),
  total: Type.Integer({ description: 'So viele Datensätze umfasst die Auswahl' }),
  done: Type.Integer({ description: 'So viele sind bearbeitet (geändert oder abgelehnt)' }),
  changed: Type.Integer({ description: 'So viele ohne Ablehnung (geändert, oder waren schon so)' }),
  refused: Type.Array(BulkRefusal, { description: 'Die abgelehnten, mit Grund (höchstens 200)' }),
  refusedCount: Type.Integer(),
  createdAt: Timestamp(),
});
export type BulkJob = Static<typeof BulkJob>;

/** Starts a bulk action: the server resolves the selection and works it off in the background. */
export const startBulkAction = defineEndpoint({
  method: 'POST',
  path: 'bulkAction/start',
  access,
  tags,
  summary:
    'Sammelaktion starten (neuer Aufruf, nicht aus der bisherigen Anwendung): die Auswahl oder alle Treffer des Filters, je Datensatz ganz oder gar nicht',
  body: Type.Object(
    { target: BulkTarget, action: BulkAction, selection: BulkSelection },
    { additionalProperties: false },
  ),
  response: BulkJob,
  idempotent: true,
});

/** How far a job is, and what it refused. */
export const getBulkJob = defineEndpoint({
  method: 'GET',
  path: 'bulkAction/job/:id',
  access,
  tags,
  summary: 'Fortschritt und Bericht einer eigenen Sammelaktion (neuer Aufruf)',
  params: Type.Object({ id: Id() }),
  response: BulkJob,
});

/** The selection as an Excel file with the list export's columns, streamed; the server resolves the rows. */
export const exportBulkSelection = defineEndpoint({
  method: 'POST',
  path: 'bulkAction/export',
  access,
  tags,
  summary:
    'Auswahl als Excel-Datei (neuer Aufruf): die angehakten Kunden, Vorgänge bzw. Fälligen Labels oder alle Treffer des Filters, mit den Spalten des Listen-Exports',
  kind: 'file',
  body: Type.Object(
    {
      target: BulkTarget,
      selection: BulkSelection,
      // Ticked due labels are exported only as far as they are in the scope the screen showed.
      scope: Type.Optional(
        Type.Object(DueScopeQuery, {
          additionalProperties: false,
          description:
            'Fällige Labels: der Bereich der Liste (Meine, Filiale, ein Verkäufer) der angehakten Labels',
        }),
      ),
      // The Kunden list keeps its order beside the filter (the Vorgänge list's filter carries it).
      sort: Type.Optional(Type.String({ maxLength: 60, description: 'Sortierfeld der Kundenliste' })),
      order: Type.Optional(Type.Union([Type.Literal('ASC'), Type.Literal('DESC')])),
    },
    { additionalProperties: false },
  ),
});

/** One recipient's personalised mail, as the bulk mail would queue it. */
export const BulkMailPreviewItem = Type.Object({
  recordId: Id(),
  name: NullableString({ description: 'Der Name des Datensatzes, wie die Liste ihn zeigt' }),
  to: Type.String(),
  subject: Type.String(),
  body: Type.String(),
});

export const BulkMailPreview = Type.Object({
  total: Type.Integer({ description: 'So viele Datensätze umfasst die Auswahl' }),
  withoutEmail: Type.Integer({
    description: 'So viele haben keine E-Mail-Adresse und werden abgelehnt',
  }),
  outOfReach: Type.Integer({
    description: 'So viele Vorgänge gehören weder dem Aufrufer noch einer Filiale, die er leitet (abgelehnt)',
  }),
  withoutConsent: Type.Integer({
    description:
      'So viele Kunden haben keine Einwilligung in Werbung (nur bei einer Werbe-Vorlage; abgelehnt)',
  }),
  refused: Type.Array(Type.Object({ recordId: Id(), name: NullableString(), reason: Type.String() }), {
    description:
      'Jeder abgelehnte Datensatz mit Namen und Grund, nach Namen; höchstens 100 ab refusedOffset (ihre Zahl: withoutEmail + outOfReach + withoutConsent)',
  }),
  previews: Type.Array(BulkMailPreviewItem, {
    description: 'Die Mail der ersten Empfänger (höchstens 3), vom Server wie beim Senden gefüllt',
  }),
});
export type BulkMailPreview = Static<typeof BulkMailPreview>;

/** Before "Mail senden": how many get the mail, how many have no address, and what the first ones get. */
export const previewBulkMail = defineEndpoint({
  method: 'POST',
  path: 'bulkAction/mailPreview',
  access,
  tags,
  summary:
    'Vorschau von „Mail senden“ (neuer Aufruf): Anzahl der Empfänger, wie viele ohne E-Mail-Adresse, und die personalisierte Mail der ersten',
  body: Type.Object(
    {
      target: BulkTarget,
      templateId: Id(),
      selection: BulkSelection,
      refusedOffset: Type.Optional(
        Type.Integer({
          minimum: 0,
          maximum: 1_000_000,
          description: 'Die abgelehnten ab dieser Stelle nennen',
        }),
      ),
    },
    { additionalProperties: false },
  ),
  response: BulkMailPreview,
});
