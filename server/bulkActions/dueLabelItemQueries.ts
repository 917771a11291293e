import { sql } from 'kysely';
import Type, { type Static } from 'typebox';
import { Value } from 'typebox/value';
import type { BulkSelection } from '../../src/resources/bulkActions/bulkActionTypes';
import { DueScopeQuery } from '../../src/resources/todos/dueItems.endpoints';
import type { Caller } from '../platform/auth/caller';
import { resolveScope } from '../platform/auth/viewerScope';
import type { Database } from '../platform/db/database';
import { badRequest } from '../platform/http/apiError';
import { dueItemsQuery } from '../todos/dueItemQueries';

const ScopeFilter = Type.Object(DueScopeQuery, { additionalProperties: false });

const refuseAt = (field: string, message: string): never => {
  throw badRequest(message, { [field]: message });
};

/**
 * The items of a Fällige-Labels job: the ticked labels with the due date each showed, or every due label of
 * the screen's scope (Meine, Filiale, one Verkäufer: the same check as the list, 403 for what the caller may
 * not see) found by the screen's own SQL in one INSERT … SELECT, each with its due date now. record_id is the
 * item's place in the job, in the screen's order. A mail goes once to each record the labels are on (two
 * labels of one Vorgang are one mail): its item is the first of that record's labels.
 */
export async function addDueLabelItems(
  trx: Database,
  caller: Caller,
  jobId: number,
  selection: BulkSelection,
  perRecord = false,
): Promise<void> {
  if ('rows' in selection)
    return refuseAt('selection', 'Fällige Labels werden als Labels gewählt, nicht als Zeilen.');
  let picked;
  if ('labels' in selection) {
    // A label ticked twice is one item (the second would only find its own change and be refused).
    const seen = new Map(selection.labels.map((label) => [label.key, label.expectedDueDate]));
    picked = sql`SELECT s.key, s.day::date AS day, s.n
      FROM unnest(${[...seen.keys()]}::text[], ${[...seen.values()]}::text[]) WITH ORDINALITY AS s(key, day, n)`;
  } else {
    const scope = await dueScopeOf(trx, caller, selection.filter);
    picked = sql`SELECT d.key, d."dueDate" AS day, row_number() OVER (ORDER BY d."dueDate", d.key) AS n
      FROM (${dueItemsQuery(scope, 'labels')}) d`;
  }
  if (perRecord) {
    picked = sql`SELECT r.key, r.day, row_number() OVER (ORDER BY r.n) AS n FROM (
      SELECT DISTINCT ON (${RECORD_OF_KEY}) p.key, p.day, p.n FROM (${picked}) p ORDER BY ${RECORD_OF_KEY}, p.n) r`;
  }
  await sql`INSERT INTO bulk_job_item (job_id, record_id, item_key, seen_due_date)
    SELECT ${jobId}, p.n, p.key, p.day FROM (${picked}) p`.execute(trx);
}

/** The record a due label's key names (kind and id: "vorgangLabel:12", "kundeLabel:7") of a row `p`. */
export const RECORD_OF_KEY = sql`split_part(p.key, ':', 1), split_part(p.key, ':', 2)`;

/**
 * The screen's scope from a selection's filter (Meine, Filiale, one Verkäufer; a bad one: German 400), checked
 * as the screen checks it (403 for a scope the caller may not see).
 */
export async function dueScopeOf(db: Database, caller: Caller, filter: Record<string, unknown>) {
  const converted = Value.Convert(ScopeFilter, { ...filter });
  if (!Value.Check(ScopeFilter, converted))
    refuseAt('filter', 'Die Auswahl der Fälligen Labels ist ungültig.');
  return resolveScope(db, caller, converted as Static<typeof ScopeFilter>);
}
