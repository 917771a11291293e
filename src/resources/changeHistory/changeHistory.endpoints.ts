import Type, { type Static } from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { Id, NullableString, Timestamp } from '../../api/schemas';
import { GROUPS } from '../../auth/groups';

const tags = ['Änderungsverlauf'];
const admin = { groups: [GROUPS.admin] };

/** One changed field as people know it: label, and old → new as text (names, euro, dates; null: empty). */
export const ChangedFieldSchema = Type.Object({
  field: Type.String(),
  label: Type.String(),
  old: NullableString(),
  new: NullableString(),
});

/** One row of the Änderungsverlauf, ready to show. */
export const ChangeEntrySchema = Type.Object({
  id: Type.Integer(),
  at: Timestamp(),
  actorName: Type.String(),
  area: Type.String(),
  areaLabel: Type.String(),
  recordId: Type.Integer(),
  recordLabel: NullableString({ description: 'Name oder Nummer des Datensatzes, soweit es ihn noch gibt' }),
  recordContext: NullableString({
    description:
      'Kunde und Vorgang, zu denen der Datensatz gehört ("Kunde Gruber Maria · Vorgang V25-000012")',
  }),
  action: Type.Union([Type.Literal('create'), Type.Literal('update'), Type.Literal('delete')]),
  changes: Type.Array(ChangedFieldSchema),
});
export type ChangeEntry = Static<typeof ChangeEntrySchema>;

const pageQuery = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
  perPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
};

/** The admin view's filters: person, area, period (company days, yyyy-MM-dd). */
export const ChangeFilterQuery = Type.Object({
  actor: Type.Optional(Type.String({ maxLength: 200 })),
  area: Type.Optional(Type.String({ maxLength: 80 })),
  from: Type.Optional(Type.String({ format: 'date' })),
  to: Type.Optional(Type.String({ format: 'date' })),
});
export type ChangeFilter = Static<typeof ChangeFilterQuery>;

const pageOf = Type.Object({ data: Type.Array(ChangeEntrySchema), total: Type.Integer() });

/** Admin → Änderungsverlauf: every change, newest first, filtered and paged in the database. */
export const getChanges = defineEndpoint({
  method: 'GET',
  path: 'changeHistory/getChanges',
  access: admin,
  tags,
  summary: 'Änderungsverlauf über alle Datensätze (gefiltert nach Person, Bereich, Zeitraum; seitenweise)',
  query: Type.Object({ ...ChangeFilterQuery.properties, ...pageQuery }),
  response: pageOf,
});

/** The filter's choices: the areas with their German names, and the people who changed something. */
export const getChangeFilterOptions = defineEndpoint({
  method: 'GET',
  path: 'changeHistory/getFilterOptions',
  access: admin,
  tags,
  summary: 'Auswahl für die Filter des Änderungsverlaufs (Bereiche, Personen)',
  response: Type.Object({
    areas: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
    actors: Type.Array(Type.String()),
  }),
});

/** The same rows as the admin view, as an Excel file (streamed). */
export const exportChanges = defineEndpoint({
  method: 'GET',
  path: 'changeHistory/exportExcel',
  access: admin,
  tags,
  summary: 'Änderungsverlauf (gefiltert) als Excel-Datei, gestreamt',
  kind: 'file',
  query: ChangeFilterQuery,
});

/** A customer's changes and those of its Vorgänge (the timeline's "Änderungen"), newest first. */
export const getChangesForCustomer = defineEndpoint({
  method: 'GET',
  path: 'changeHistory/getChangesForCustomer/:id',
  access: { groups: [GROUPS.kunde] },
  tags,
  summary: 'Änderungen eines Kunden und seiner Vorgänge (neueste zuerst)',
  params: Type.Object({ id: Id() }),
  query: Type.Object(pageQuery),
  response: pageOf,
});

/** A Vorgang's changes, newest first. */
export const getChangesForVorgang = defineEndpoint({
  method: 'GET',
  path: 'changeHistory/getChangesForVorgang/:id',
  access: { groups: [GROUPS.kunde] },
  tags,
  summary: 'Änderungen eines Vorgangs (neueste zuerst)',
  params: Type.Object({ id: Id() }),
  query: Type.Object(pageQuery),
  response: pageOf,
});

/** One record's history (an admin edit screen): only for those who may read that entity. */
export const getChangesForRecord = defineEndpoint({
  method: 'GET',
  path: 'changeHistory/getChangesForRecord',
  access: { groups: [GROUPS.admin, GROUPS.adminVerkauf, GROUPS.kunde] },
  tags,
  summary: 'Änderungen eines Datensatzes einer Entität (nur wer die Entität lesen darf)',
  query: Type.Object({ area: Type.String({ maxLength: 80 }), id: Id(), ...pageQuery }),
  response: pageOf,
});
