import Type, { type Static } from 'typebox';
import { Id, NullableInteger, NullableString, Timestamp } from '../../api/schemas';

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
      rows: Type.Array(
        Type.Object(
          {
            id: Id(),
            version: Type.Optional(
              Type.Integer({
                description:
                  'Die Version, die die Liste zeigte; ohne: der Stand beim Start (z. B. abgelehnte erneut gewählt)',
              }),
            ),
          },
          { additionalProperties: false },
        ),
        {
          minItems: 1,
          maxItems: MAX_PICKED_ROWS,
        },
      ),
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
  unchanged: Type.Integer({ description: 'Davon so viele, die schon so waren (nichts geändert)' }),
  refused: Type.Array(BulkRefusal, { description: 'Die abgelehnten, mit Grund (höchstens 200)' }),
  refusedCount: Type.Integer(),
  createdAt: Timestamp(),
  undoesJobId: NullableInteger({ description: 'Macht diese Sammelaktion rückgängig' }),
});
export type BulkJob = Static<typeof BulkJob>;

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

/** What became of one record of a job. */
export const BulkItemResult = Type.Union(
  [Type.Literal('geaendert'), Type.Literal('unveraendert'), Type.Literal('abgelehnt'), Type.Literal('offen')],
  { description: 'geaendert, unveraendert (war schon so), abgelehnt (mit Grund) oder offen' },
);
export type BulkItemResult = Static<typeof BulkItemResult>;

export const BulkJobItem = Type.Object({
  recordId: Id(),
  key: Type.String({
    description: 'Womit die Liste die Zeile auswählt: die id, bei Fälligen Labels der Schlüssel des Labels',
  }),
  name: NullableString({ description: 'Der Name des Datensatzes, wie die Liste ihn zeigt' }),
  result: BulkItemResult,
  reason: NullableString({ description: 'Warum er abgelehnt wurde' }),
});
export type BulkJobItem = Static<typeof BulkJobItem>;

/** One job as the administration's list shows it. */
export const BulkJobSummary = Type.Object({
  id: Id(),
  target: BulkTarget,
  state: Type.Union([Type.Literal('laeuft'), Type.Literal('fertig')]),
  startedBy: Type.String({ description: 'Wer sie gestartet hat' }),
  createdAt: Timestamp(),
  finishedAt: Type.Union([Timestamp(), Type.Null()]),
  action: Type.String({ description: 'Was sie tut, wie Menschen es lesen („Betreuer zuweisen: …“)' }),
  selection: Type.String({
    description: 'Was gewählt war (angehakte Zeilen oder der Filter von „alle Treffer“)',
  }),
  total: Type.Integer(),
  changed: Type.Integer({ description: 'Geändert' }),
  unchanged: Type.Integer({ description: 'Schon so, nichts geändert' }),
  refused: Type.Integer({ description: 'Abgelehnt' }),
  undoesJobId: NullableInteger({ description: 'Macht diese Sammelaktion rückgängig' }),
  undoneByJobId: NullableInteger({ description: 'Wurde von dieser Sammelaktion rückgängig gemacht' }),
  undoable: Type.Boolean({ description: 'Ob „Rückgängig machen“ möglich ist' }),
});
export type BulkJobSummary = Static<typeof BulkJobSummary>;
