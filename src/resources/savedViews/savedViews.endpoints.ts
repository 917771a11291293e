import Type, { type Static } from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { Id, NullableInteger, NullableString, Timestamp, Version } from '../../api/schemas';
import { GROUPS } from '../../auth/groups';

const access = { groups: [GROUPS.kunde] };
const tags = ['Gespeicherte Ansichten'];

/** The lists that offer saved views. */
export const SAVED_VIEW_LISTS = ['kunden', 'vorgaenge', 'faelligeLabels', 'kartenansicht', 'todos'] as const;
export type ListKeyName = (typeof SAVED_VIEW_LISTS)[number];

export const ListKey = Type.Union(
  [
    Type.Literal('kunden'),
    Type.Literal('vorgaenge'),
    Type.Literal('faelligeLabels'),
    Type.Literal('kartenansicht'),
    Type.Literal('todos'),
  ],
  { description: 'Liste: kunden, vorgaenge, faelligeLabels, kartenansicht, todos' },
);

/** A view's filters are at most this long as JSON (the server says so at the field). */
export const MAX_VIEW_STATE_LENGTH = 10_000;

/** What a view keeps: the list's filters, sort, hidden columns and page size. */
export const ViewState = Type.Object(
  {
    // Values as the list keeps them (text, numbers, true/false, lists of ids): not coerced, so a saved
    // true stays true and "4711" stays text; the size is capped instead.
    filter: Type.Record(Type.String({ maxLength: 60 }), Type.Unknown(), { maxProperties: 40 }),
    sort: Type.Optional(Type.String({ maxLength: 60 })),
    order: Type.Optional(Type.Union([Type.Literal('ASC'), Type.Literal('DESC')])),
    perPage: Type.Optional(
      Type.Union([Type.Literal(10), Type.Literal(25), Type.Literal(50), Type.Literal(100)]),
    ),
    hiddenColumns: Type.Optional(Type.Array(Type.String({ maxLength: 60 }), { maxItems: 60 })),
  },
  { additionalProperties: false },
);
export type ViewState = Static<typeof ViewState>;

export const Visibility = Type.Union(
  [Type.Literal('personal'), Type.Literal('branch'), Type.Literal('all')],
  {
    description: 'personal = nur ich, branch = meine Filiale, all = alle',
  },
);
export type Visibility = Static<typeof Visibility>;

export const SavedView = Type.Object({
  id: Id(),
  listKey: ListKey,
  name: Type.String(),
  state: ViewState,
  visibility: Visibility,
  branchId: NullableInteger(),
  branchName: NullableString(),
  ownerName: NullableString(),
  mine: Type.Boolean({ description: 'Ich habe sie angelegt' }),
  editable: Type.Boolean({ description: 'Ich darf sie ändern und löschen' }),
  version: Version(),
  updatedAt: Timestamp(),
});
export type SavedView = Static<typeof SavedView>;

export const SavedViewsOfList = Type.Object({
  views: Type.Array(SavedView),
  defaultViewId: NullableInteger({ description: 'Meine Standardansicht dieser Liste' }),
  mayShare: Type.Boolean({ description: 'Verkaufsleitung und Admin dürfen Ansichten teilen' }),
  branches: Type.Array(Type.Object({ id: Id(), name: Type.String() }), {
    description: 'Filialen, mit denen ich teilen darf',
  }),
});
export type SavedViewsOfList = Static<typeof SavedViewsOfList>;

const ViewInput = {
  name: Type.String({ minLength: 1, maxLength: 80, description: 'Name der Ansicht' }),
  state: ViewState,
  visibility: Visibility,
  branchId: Type.Optional(Id({ description: 'Filiale bei visibility=branch' })),
};

/** The views of a list I may use: mine, my branch's and everyone's, and my default. */
export const getSavedViews = defineEndpoint({
  method: 'GET',
  path: 'savedView/list',
  access,
  tags,
  summary:
    'Gespeicherte Ansichten einer Liste (eigene, der Filiale, für alle) und die eigene Standardansicht',
  query: Type.Object({ listKey: ListKey }),
  response: SavedViewsOfList,
});

export const createSavedView = defineEndpoint({
  method: 'POST',
  path: 'savedView/create',
  access,
  tags,
  summary: 'Ansicht speichern (teilen nur Verkaufsleitung und Admin)',
  body: Type.Object({ listKey: ListKey, ...ViewInput }),
  response: SavedView,
  idempotent: true,
});

export const updateSavedView = defineEndpoint({
  method: 'PUT',
  path: 'savedView/update/:id',
  access,
  tags,
  summary: 'Ansicht ändern (409, wenn sie inzwischen jemand anderer geändert hat)',
  params: Type.Object({ id: Id() }),
  body: Type.Object({ ...ViewInput, version: Version() }),
  response: SavedView,
});

export const deleteSavedView = defineEndpoint({
  method: 'DELETE',
  path: 'savedView/delete/:id',
  access,
  tags,
  summary: 'Ansicht löschen (409, wenn sie inzwischen geändert wurde)',
  params: Type.Object({ id: Id() }),
  query: Type.Object({ version: Version() }),
  response: Type.Object({ id: Id() }),
});

export const setDefaultSavedView = defineEndpoint({
  method: 'PUT',
  path: 'savedView/default',
  access,
  tags,
  summary: 'Meine Standardansicht einer Liste setzen oder entfernen (viewId null)',
  body: Type.Object({ listKey: ListKey, viewId: Type.Union([Id(), Type.Null()]) }),
  response: Type.Object({ defaultViewId: NullableInteger() }),
});
