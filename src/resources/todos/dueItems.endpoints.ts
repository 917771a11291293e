import Type, { type Static } from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { Id, NullableInteger, NullableString, Version } from '../../api/schemas';
import { GROUPS } from '../../auth/groups';

const access = { groups: [GROUPS.kunde] };
const tags = ['Todos'];

/** A calendar day as yyyy-MM-dd (the company's day, no time of day). */
export const Day = (options: object = {}) =>
  Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'Tag (JJJJ-MM-TT)', ...options });

/** Whose due items: mine (default), the caller's branch (leads only) or one colleague (leads only). */
export const DueScopeQuery = {
  scope: Type.Optional(
    Type.Union([Type.Literal('mine'), Type.Literal('branch'), Type.Literal('user')], {
      description: 'mine = meine, branch = meine Filiale(n), user = ein Verkäufer (userId)',
    }),
  ),
  userId: Type.Optional(Id({ description: 'Verkäufer bei scope=user' })),
};

/** The kinds of due item: an open activity with a due date, a due label on a Vorgang or on a customer. */
export const DueKind = Type.Union([
  Type.Literal('aktivitaet'),
  Type.Literal('vorgangLabel'),
  Type.Literal('kundeLabel'),
]);

/** One due item as Todos, Fällige Labels and the dashboard show it. */
export const DueItem = Type.Object({
  key: Type.String({
    description: 'aktivitaet:<id>, vorgangLabel:<vorgangId>:<labelId>, kundeLabel:<kundeId>:<labelId>',
  }),
  kind: DueKind,
  dueDate: Day(),
  bucket: Type.Union([
    Type.Literal('ueberfaellig'),
    Type.Literal('heute'),
    Type.Literal('morgen'),
    Type.Literal('dieseWoche'),
    Type.Literal('spaeter'),
  ]),
  title: Type.String({ description: 'Labelname oder Art der Aktivität (Code)' }),
  color: NullableString(),
  note: NullableString(),
  customerId: Type.Integer(),
  customerName: NullableString(),
  vorgangId: NullableInteger(),
  vorgangNumber: NullableString(),
  vorgangTitle: NullableString(),
  ownerName: NullableString(),
  version: NullableInteger({ description: 'Version der Aktivität (409, wenn sie sich geändert hat)' }),
});

/** One due item as the web app gets it. */
export type DueItem = Static<typeof DueItem>;

/** The due items of a scope (at most 500) with the company's today, the full count, the urgent ones and each bucket's count. */
export const DueList = Type.Object({
  today: Day(),
  total: Type.Integer(),
  urgent: Type.Integer({ description: 'überfällig + heute' }),
  buckets: Type.Object(
    {
      ueberfaellig: Type.Integer(),
      heute: Type.Integer(),
      morgen: Type.Integer(),
      dieseWoche: Type.Integer(),
      spaeter: Type.Integer(),
    },
    { description: 'Anzahl je Gruppe, auch wenn nicht alle Einträge mitkommen' },
  ),
  items: Type.Array(DueItem),
});

/** A list of due items as the web app gets it. */
export type DueList = Static<typeof DueList>;

/** Todos: open activities with a due date and due labels (customers and Vorgänge), with buckets incl. Morgen. */
export const getTodos = defineEndpoint({
  method: 'GET',
  path: 'todo/getTodos',
  access,
  tags,
  summary: 'Todos: offene Aktivitäten mit Fälligkeit und fällige Labels, nach Fälligkeit gruppiert',
  query: Type.Object(DueScopeQuery),
  response: DueList,
});

/** The number on the Todos menu entry: my overdue + today's todos. */
export const getTodoCount = defineEndpoint({
  method: 'GET',
  path: 'todo/count',
  access,
  tags,
  summary: 'Anzahl meiner überfälligen und heute fälligen Todos (für das Menü)',
  response: Type.Object({ urgent: Type.Integer() }),
});

const ItemRef = {
  key: Type.String({ minLength: 3, maxLength: 60 }),
  expectedDueDate: Day({ description: 'Fälligkeit, wie der Aufrufer sie sah (409, wenn sie sich änderte)' }),
  version: Type.Optional(Version()),
};

/** What a change did, so the page can offer to undo it. */
export const DueChange = Type.Object({
  key: Type.String(),
  dueDate: Day(),
  done: Type.Boolean(),
  version: NullableInteger(),
});

/** Marks a due item done: an activity becomes erledigt, a label is removed (its due date is kept for undo). */
export const markDueItemDone = defineEndpoint({
  method: 'POST',
  path: 'todo/markDone',
  // A repeat of a send whose answer was lost (the offline outbox) answers the first answer, not a 409.
  idempotent: true,
  access,
  tags,
  summary: 'Erledigt: Aktivität abhaken bzw. Label entfernen',
  body: Type.Object(ItemRef),
  response: DueChange,
});

/** Moves a due item's due date (+1 Tag, +1 Woche or a chosen day). */
export const postponeDueItem = defineEndpoint({
  method: 'POST',
  path: 'todo/postpone',
  // A repeat of a send whose answer was lost (the offline outbox) answers the first answer, not a 409.
  idempotent: true,
  access,
  tags,
  summary: 'Fälligkeit verschieben',
  body: Type.Object({ ...ItemRef, dueDate: Day() }),
  response: DueChange,
});

/** Undoes "erledigt": the activity is open again, the label is back with its due date. */
export const reopenDueItem = defineEndpoint({
  method: 'POST',
  path: 'todo/reopen',
  access,
  tags,
  summary: 'Rückgängig: Aktivität wieder offen bzw. Label mit Fälligkeit wieder gesetzt',
  body: Type.Object({
    key: Type.String({ minLength: 3, maxLength: 60 }),
    dueDate: Day(),
    version: Type.Optional(Version()),
  }),
  response: DueChange,
});
