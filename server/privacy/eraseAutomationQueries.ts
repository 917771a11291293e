import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../platform/db/database';

/**
 * What the automations and the notifications hold of an erased customer: the run log (what started a run, what
 * each step did, "Benachrichtigung „Rechnung für …“ an …") and the notifications about them keep their place
 * with the person's words replaced; the record events not yet matched (copies for the moment) go.
 */
export async function eraseAutomationTraces(
  trx: Database,
  customerId: number,
  vorgaenge: RawBuilder<unknown>,
  pattern: string | null,
  erased: string,
): Promise<void> {
  await sql`DELETE FROM automation_event WHERE customer_id = ${customerId} OR vorgang_id IN (${vorgaenge})`.execute(
    trx,
  );
  if (!pattern) return;
  const scrub = (column: string) => sql`regexp_replace(${sql.ref(column)}, ${pattern}, ${erased}, 'gi')`;
  const runs = sql`SELECT id FROM automation_run WHERE customer_id = ${customerId} OR vorgang_id IN (${vorgaenge})`;
  await sql`UPDATE automation_run SET occurrence = ${scrub('occurrence')}, error = ${scrub('error')}
    WHERE id IN (${runs})`.execute(trx);
  await sql`UPDATE automation_run_step SET summary = ${scrub('summary')}, detail = ${scrub('detail')},
      error = ${scrub('error')}
    WHERE run_id IN (${runs})`.execute(trx);
  await sql`UPDATE notification SET title = ${scrub('title')}, body = ${scrub('body')}
    WHERE customer_id = ${customerId} OR vorgang_id IN (${vorgaenge})`.execute(trx);
}
