import { sql } from 'kysely';
import Type, { type Static } from 'typebox';
import { Value } from 'typebox/value';
import type { BulkSelection } from '../../src/resources/bulkActions/bulkActions.endpoints';
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
 * item's place in the job, in the screen's order.
 */
export async function addDueLabelItems(
  trx: Database,
  caller: Caller,
  jobId: number,
  selection: BulkSelection,
): Promise<void> {
  if ('rows' in selection)
    return refuseAt('selection', 'Fällige Labels werden als Labels gewählt, nicht als Zeilen.');
  if ('labels' in selection) {
    // A label ticked twice is one item (the second would only find its own change and be refused).
    const seen = new Map(selection.labels.map((label) => [label.key, label.expectedDueDate]));
    await sql`INSERT INTO bulk_job_item (job_id, record_id, item_key, seen_due_date)
      SELECT ${jobId}, s.n, s.key, s.day::date
      FROM unnest(${[...seen.keys()]}::text[], ${[...seen.values()]}::text[]) WITH ORDINALITY AS s(key, day, n)`.execute(
      trx,
    );
    return;
  }
  const converted = Value.Convert(ScopeFilter, { ...selection.filter });
  if (!Value.Check(ScopeFilter, converted))
    refuseAt('filter', 'Die Auswahl der Fälligen Labels ist ungültig.');
  const scope = await resolveScope(trx, caller, converted as Static<typeof ScopeFilter>);
  await sql`INSERT INTO bulk_job_item (job_id, record_id, item_key, seen_due_date)
    SELECT ${jobId}, row_number() OVER (ORDER BY d."dueDate", d.key), d.key, d."dueDate"
    FROM (${dueItemsQuery(scope, 'labels')}) d`.execute(trx);
}
