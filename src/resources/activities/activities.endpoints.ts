import Type from 'typebox';
import { defineEndpoint, type ResultOf } from '../../api/endpoint';
import { Id, NullableInteger, NullableString, Timestamp, Version } from '../../api/schemas';
import { GROUPS } from '../../auth/groups';
import { Day, DueScopeQuery } from '../todos/dueItems.endpoints';

/**
 * Activities of a scope (me, a seller, the branch) by type: per ISO week (the dashboard's chart, default) or,
 * with `groupBy=seller`, per seller for a period of company days (the activities page's chart for leads).
 */
export const getUserActivitiesChartData = defineEndpoint({
  method: 'GET',
  path: 'activity/getUserActivitiesChartData',
  access: { groups: [GROUPS.kunde] },
  tags: ['Aktivitäten'],
  summary:
    'Aktivitäten je Art: je Kalenderwoche (letzte Wochen) oder je Verkäufer (Zeitraum), für mich, einen Verkäufer oder die Filiale',
  query: Type.Object({
    ...DueScopeQuery,
    weeks: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 53, description: 'Anzahl Wochen (Standard 12)' }),
    ),
    groupBy: Type.Optional(
      Type.Union([Type.Literal('week'), Type.Literal('seller')], {
        description: 'week = je Kalenderwoche (Standard), seller = je Verkäufer im Zeitraum',
      }),
    ),
    from: Type.Optional(
      Day({ description: 'Bei groupBy=seller: erster Tag (Firmenzeit); Standard: vor 12 Wochen' }),
    ),
    to: Type.Optional(Day({ description: 'Bei groupBy=seller: letzter Tag (Firmenzeit); Standard: heute' })),
  }),
  response: Type.Array(
    Type.Object({
      weekStart: Type.Optional(Day({ description: 'Montag der Kalenderwoche (groupBy=week)' })),
      userId: Type.Optional(Id({ description: 'Verkäufer (groupBy=seller)' })),
      userName: Type.Optional(Type.String({ description: 'Name des Verkäufers (groupBy=seller)' })),
      activityType: Type.String(),
      count: Type.Integer(),
    }),
  ),
});

/** One row of the chart data (a week's or a seller's count of one Art). */
export type ActivityChartRow = ResultOf<typeof getUserActivitiesChartData>[number];

const Option = Type.Object({ id: Type.Integer(), name: Type.String() });

// Spelled out (TypeBox needs a tuple to keep the literal types); the codes of ACTIVITY_TYPES in activityTypes.ts.
const ActivityType = Type.Union([
  Type.Literal('anruf'),
  Type.Literal('besuch'),
  Type.Literal('email'),
  Type.Literal('termin'),
  Type.Literal('aufmass'),
  Type.Literal('schauraum'),
]);

/** The filters of the activities list and its export (all optional; period = company days, both included). */
const filterFields = {
  activityType: Type.Optional(ActivityType),
  reasonId: Type.Optional(Id({ description: 'Grund' })),
  userId: Type.Optional(Id({ description: 'Verkäufer (Mitarbeiter der Aktivität)' })),
  branchId: Type.Optional(Id({ description: 'Filiale des Verkäufers' })),
  from: Type.Optional(Day({ description: 'Erster Tag (Firmenzeit), JJJJ-MM-TT' })),
  to: Type.Optional(Day({ description: 'Letzter Tag (Firmenzeit), JJJJ-MM-TT' })),
  done: Type.Optional(Type.Boolean({ description: 'erledigt' })),
};
/** The filters shared by the activities list and its export. */
export type ActivityFilterValues = Type.Static<Type.TObject<typeof filterFields>>;

/** Sortable columns of the activities list. */
export const ACTIVITY_SORT_FIELDS = [
  'activityDate',
  'dueDate',
  'activityType',
  'customerName',
  'userName',
] as const;
const sortFields = {
  sort: Type.Optional(
    Type.Union([
      Type.Literal('activityDate'),
      Type.Literal('dueDate'),
      Type.Literal('activityType'),
      Type.Literal('customerName'),
      Type.Literal('userName'),
    ]),
  ),
  order: Type.Optional(Type.Union([Type.Literal('ASC'), Type.Literal('DESC')])),
};

const ActivityRow = Type.Object({
  id: Type.Integer(),
  activityType: Type.String(),
  activityDate: Timestamp(),
  dueDate: NullableString(),
  done: Type.Boolean(),
  note: NullableString(),
  reasonId: NullableInteger(),
  reasonName: NullableString(),
  customerId: Type.Integer(),
  customerName: Type.String(),
  vorgangId: NullableInteger(),
  vorgangNumber: NullableString(),
  userId: NullableInteger(),
  userName: NullableString(),
  branchName: NullableString(),
});
/** One activity as the list across customers shows it. */
export type ActivityListRow = Type.Static<typeof ActivityRow>;

/** One page of the activities the caller may see (own; a lead also those of the branches led), with the total. */
export const getActivities = defineEndpoint({
  method: 'GET',
  path: 'activity/getActivities',
  access: { groups: [GROUPS.kunde] },
  tags: ['Aktivitäten'],
  summary:
    'Aktivitäten über alle Kunden (eigene; Verkaufsleitung: ihre Filialen), gefiltert nach Art, Grund, Verkäufer, Filiale, Zeitraum, erledigt',
  query: Type.Object({
    ...filterFields,
    ...sortFields,
    page: Type.Optional(Type.Integer({ minimum: 1 })),
    perPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  }),
  response: Type.Object({ total: Type.Integer(), rows: Type.Array(ActivityRow) }),
});

/** The same filtered, sorted activities as an Excel file, streamed. */
export const exportActivities = defineEndpoint({
  method: 'GET',
  path: 'excel/genExcelActivities',
  access: { groups: [GROUPS.kunde] },
  tags: ['Aktivitäten'],
  summary: 'Die gefilterten Aktivitäten als Excel-Datei (gestreamt)',
  kind: 'file',
  query: Type.Object({ ...filterFields, ...sortFields }),
});

/** Reasons, sellers and branches to filter the activities list by (sellers and branches only for leads). */
export const getActivityFilterOptions = defineEndpoint({
  method: 'GET',
  path: 'activity/filterOptions',
  access: { groups: [GROUPS.kunde] },
  tags: ['Aktivitäten'],
  summary: 'Gründe, Verkäufer und Filialen für die Filter der Aktivitätenliste',
  response: Type.Object({
    lead: Type.Boolean(),
    reasons: Type.Array(Option),
    sellers: Type.Array(Option),
    branches: Type.Array(Option),
  }),
});

/**
 * What the form of a new activity starts with: "Fällig am" filled with the Standard-Fälligkeit (Admin →
 * Einstellungen), counted in company days from today, for the person to keep or clear. The server adds no due
 * day of its own: an activity saved without one has none.
 */
export const getNewActivityDefaults = defineEndpoint({
  method: 'GET',
  path: 'activity/getNewActivityDefaults',
  access: { groups: [GROUPS.kunde] },
  tags: ['Aktivitäten'],
  summary: 'Vorgaben einer neuen Aktivität: Fällig am laut Standard-Fälligkeit (Firmentage ab heute)',
  response: Type.Object({ dueDate: Day({ description: 'Heute (Firmenzeit) plus Standard-Fälligkeit' }) }),
});

/**
 * "Erfassen" on a planned Termin: the Termin itself is completed (not a second activity beside it). Its Art, Grund
 * and Vorgang as the seller set them; the note is added to the Termin's own; with a follow-up day it stays open
 * as a todo on that day, else it is done. Photos go to its files as for a new Besuch (activity/uploadFile).
 */
export const completeAppointment = defineEndpoint({
  method: 'POST',
  path: 'activity/completeAppointment',
  // Sent from the phone's outbox too: a repeat of a send whose answer was lost answers the first answer.
  idempotent: true,
  access: { groups: [GROUPS.kunde] },
  tags: ['Aktivitäten'],
  summary: 'Geplanten Termin erfassen: Art, Grund, Vorgang setzen, Notiz anfügen, erledigen oder nachfassen',
  body: Type.Object({
    id: Id({ description: 'Der geplante Termin (Aktivität)' }),
    version: Version(),
    activityType: Type.String({ maxLength: 40 }),
    reasonId: NullableInteger(),
    vorgangId: NullableInteger(),
    note: NullableString({ description: 'Wird an die Notiz des Termins angefügt' }),
    dueDate: Type.Union([Day(), Type.Null()], {
      description: 'Nachfassen am: der Termin bleibt offen und ist an diesem Tag fällig; leer: erledigt',
    }),
  }),
  response: Type.Object(
    { id: Type.Integer(), version: Version() },
    {
      additionalProperties: true,
      description: 'Die Aktivität, wie kunde/getActivitiesForCustomer sie liefert',
    },
  ),
});
