import Type from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { Id, IdParams, NullableInteger, NullableString, Timestamp, Version } from '../../api/schemas';
import { GROUPS } from '../../auth/groups';
import { NpsStatisticsSchema } from './npsTypes';

const access = { groups: [GROUPS.nps] };
const tags = ['NPS'];
const Day = () =>
  Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'Tag der Firma, JJJJ-MM-TT' });

/** The filters of the answers list, its count, its export and the statistics (all optional). */
const filterFields = {
  /** First and last company day of the period, both included. */
  from: Type.Optional(Day()),
  to: Type.Optional(Day()),
  branchId: Type.Optional(Id()),
  sellerId: Type.Optional(Id()),
  category: Type.Optional(
    Type.Union([Type.Literal('kritiker'), Type.Literal('passiv'), Type.Literal('promoter')]),
  ),
  withComment: Type.Optional(Type.Boolean()),
};
export const NpsFilter = Type.Object(filterFields);
/** The filters shared by list, count, export and statistics. */
export type NpsFilterValues = Type.Static<typeof NpsFilter>;

export const NPS_SORT_FIELDS = ['answeredAt', 'score', 'customerName', 'sellerName', 'branchName'] as const;
const sortFields = {
  sort: Type.Optional(
    Type.Union([
      Type.Literal('answeredAt'),
      Type.Literal('score'),
      Type.Literal('customerName'),
      Type.Literal('sellerName'),
      Type.Literal('branchName'),
    ]),
  ),
  order: Type.Optional(Type.Union([Type.Literal('ASC'), Type.Literal('DESC')])),
};

const NpsAnswerRow = Type.Object({
  id: Type.Integer(),
  answeredAt: Timestamp(),
  score: Type.Integer(),
  comment: NullableString(),
  channel: Type.String(),
  customerId: Type.Integer(),
  customerName: Type.String(),
  vorgangId: NullableInteger(),
  vorgangNumber: NullableString(),
  sellerId: NullableInteger(),
  sellerName: NullableString(),
  branchId: NullableInteger(),
  branchName: NullableString(),
  /** The detractor todo: null when none was made; `done` says whether it was followed up. */
  followUpId: NullableInteger(),
  followUpDue: NullableString(),
  followUpDone: Type.Union([Type.Boolean(), Type.Null()]),
  followUpUser: NullableString(),
  version: Type.Integer(),
});
/** One answer as the list and the edit form show it. */
export type NpsAnswerRow = Type.Static<typeof NpsAnswerRow>;

/** One page of the answers, filtered and sorted in the database. */
export const getNpsAnswers = defineEndpoint({
  method: 'GET',
  path: 'nps',
  access,
  tags,
  summary: 'Eine Seite der NPS-Antworten, gefiltert (Zeitraum, Filiale, Verkäufer, Kategorie, mit Kommentar)',
  query: Type.Object({
    ...filterFields,
    ...sortFields,
    page: Type.Optional(Type.Integer({ minimum: 1 })),
    perPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  }),
  response: Type.Array(NpsAnswerRow),
});

/** How many answers the filters match (for the pager). */
export const countNpsAnswers = defineEndpoint({
  method: 'GET',
  path: 'nps/count',
  access,
  tags,
  summary: 'Anzahl der NPS-Antworten mit diesen Filtern',
  query: NpsFilter,
  response: Type.Object({ total: Type.Integer() }),
});

/** One answer with its version, for editing. */
export const getNpsAnswer = defineEndpoint({
  method: 'GET',
  path: 'nps/get/:id',
  access,
  tags,
  summary: 'Eine NPS-Antwort zum Bearbeiten',
  params: IdParams,
  response: NpsAnswerRow,
});

/** Records a new answer (no id) or changes one at the version read; a detractor gets a todo. */
export const saveNpsAnswer = defineEndpoint({
  method: 'POST',
  path: 'nps/save/',
  idempotent: true,
  access,
  tags,
  summary:
    'NPS-Antwort erfassen (ohne id) oder ändern (mit id und Version); bei 0–6 bekommt der Betreuer eine fällige Aufgabe',
  // Checked field by field in German by nps.rules.ts, so the schema stays loose on purpose.
  body: Type.Object({
    id: Type.Optional(Id()),
    version: Type.Optional(Version()),
    customerId: Type.Optional(Type.Unknown()),
    vorgangId: Type.Optional(Type.Unknown()),
    score: Type.Optional(Type.Unknown()),
    comment: Type.Optional(Type.Unknown()),
    channel: Type.Optional(Type.Unknown()),
    answeredOn: Type.Optional(Type.Unknown()),
  }),
  response: NpsAnswerRow,
});

/** NPS, per month, per branch, per seller, distribution and latest detractor comments. */
export const getNpsStatistics = defineEndpoint({
  method: 'GET',
  path: 'nps/statisticsv2',
  access,
  tags,
  summary: 'NPS mit Anzahl, je Monat, je Filiale, je Verkäufer, Verteilung 0–10, letzte Kritiker-Kommentare',
  query: NpsFilter,
  response: NpsStatisticsSchema,
});

/** The filtered, sorted answers as an Excel file, streamed. */
export const exportNpsAnswers = defineEndpoint({
  method: 'GET',
  path: 'nps/exportExcel',
  access,
  tags,
  summary: 'Die gefilterten NPS-Antworten als Excel-Datei (gestreamt)',
  kind: 'file',
  query: Type.Object({ ...filterFields, ...sortFields }),
});

const Option = Type.Object({ id: Type.Integer(), name: Type.String() });

/** Branches and sellers to filter by. */
export const getNpsFilterOptions = defineEndpoint({
  method: 'GET',
  path: 'nps/filterOptions',
  access,
  tags,
  summary: 'Filialen und Verkäufer für die Filter',
  response: Type.Object({ branches: Type.Array(Option), sellers: Type.Array(Option) }),
});

/** Customers matching a search, each with their latest Vorgänge (for capturing and sending surveys). */
export const getNpsCustomerOptions = defineEndpoint({
  method: 'GET',
  path: 'nps/customerOptions',
  access,
  tags,
  summary: 'Kunden zur Suche (Name, Nummer, Ort) mit ihren letzten Vorgängen',
  query: Type.Object({ q: Type.Optional(Type.String({ maxLength: 80 })), id: Type.Optional(Id()) }),
  response: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      city: NullableString(),
      email: NullableString(),
      vorgaenge: Type.Array(Type.Object({ id: Type.Integer(), number: Type.String(), title: Type.String() })),
    }),
  ),
});
