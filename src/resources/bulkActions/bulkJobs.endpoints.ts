import Type from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { Id } from '../../api/schemas';
import { GROUPS } from '../../auth/groups';
import { BulkItemResult, BulkJob, BulkJobItem, BulkJobSummary, MAX_PICKED_ROWS } from './bulkActionTypes';

const access = { groups: [GROUPS.kunde] };
/** The list of every person's jobs and their undo: the administration. */
const adminAccess = { groups: [GROUPS.admin] };
const tags = ['Sammelaktionen'];

/** Every record of a job with its result, paged in the database (the whole report, not only the refusals). */
export const getBulkJobItems = defineEndpoint({
  method: 'GET',
  path: 'bulkAction/job/:id/items',
  access,
  tags,
  summary:
    'Bericht einer Sammelaktion (neuer Aufruf): jeder Datensatz mit Ergebnis, seitenweise; eigene Sammelaktionen, die Administration alle',
  params: Type.Object({ id: Id() }),
  query: Type.Object({
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
    perPage: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PICKED_ROWS })),
    result: Type.Optional(BulkItemResult),
  }),
  response: Type.Object({ data: Type.Array(BulkJobItem), total: Type.Integer() }),
});

/** Every person's bulk jobs, newest first, paged in the database: the administration's overview. */
export const listBulkJobs = defineEndpoint({
  method: 'GET',
  path: 'bulkAction/jobs',
  access: adminAccess,
  tags,
  summary: 'Alle Sammelaktionen (neuer Aufruf, Administration): wer, wann, was, Auswahl, Ergebnis',
  query: Type.Object({
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
    perPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  }),
  response: Type.Object({ data: Type.Array(BulkJobSummary), total: Type.Integer() }),
});

/**
 * "Rückgängig machen": a job of its own that sets each record the finished job changed back to its value before,
 * where it still holds what the job set (taken from the Änderungsverlauf); the others are refused and listed.
 */
export const undoBulkJob = defineEndpoint({
  method: 'POST',
  path: 'bulkAction/job/:id/undo',
  access: adminAccess,
  tags,
  summary:
    'Sammelaktion rückgängig machen (neuer Aufruf, Administration): je Datensatz, der noch den Wert der Aktion hat; die übrigen werden gelistet',
  params: Type.Object({ id: Id() }),
  response: BulkJob,
  idempotent: true,
});
