import Type, { type Static } from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { NullableString, Timestamp } from '../../api/schemas';
import { GROUPS } from '../../auth/groups';

const access = { groups: [GROUPS.admin] };
const tags = ['Hintergrundaufgaben'];

/** A background job that failed on its last try (kept 14 days). */
export const FailedJob = Type.Object({
  id: Type.String({ description: 'Die Kennung der Aufgabe in der Aufgabenbibliothek (UUID)' }),
  name: Type.String({ description: 'Die Art der Aufgabe, z. B. mail.send' }),
  label: Type.String({ description: 'Was die Aufgabe tut' }),
  about: NullableString({ description: 'Worum es ging (Datensatz, Mail), ohne personenbezogene Daten' }),
  reason: NullableString({ description: 'Der Fehler des letzten Versuchs' }),
  tries: Type.Integer({ description: 'Versuche insgesamt' }),
  createdAt: Timestamp(),
  failedAt: Timestamp(),
});
export type FailedJob = Static<typeof FailedJob>;

/** Admin → Hintergrundaufgaben: the failed jobs, newest failure first. */
export const listFailedJobs = defineEndpoint({
  method: 'GET',
  path: 'backgroundJobs/failed',
  access,
  tags,
  summary: 'Fehlgeschlagene Hintergrundaufgaben (neuer Aufruf, Administration): mit Grund, neueste zuerst',
  query: Type.Object({
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
    perPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  }),
  response: Type.Object({ data: Type.Array(FailedJob), total: Type.Integer() }),
});

/** "Erneut versuchen": one more try of a failed job, on whichever instance takes it. */
export const retryFailedJob = defineEndpoint({
  method: 'POST',
  path: 'backgroundJobs/failed/:name/:id/retry',
  access,
  tags,
  summary: 'Fehlgeschlagene Hintergrundaufgabe erneut versuchen (neuer Aufruf, Administration)',
  params: Type.Object({
    name: Type.String({ pattern: '^[a-zA-Z0-9.-]{1,100}$' }),
    id: Type.String({ format: 'uuid' }),
  }),
  response: Type.Object({ retried: Type.Boolean() }),
});
