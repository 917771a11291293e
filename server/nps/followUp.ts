import { sql } from 'kysely';
import type { Executor } from '../platform/entities/entityRepository';

/**
 * Closing the loop: a detractor (0-6) without a todo yet gets a call, due today in the company's calendar,
 * for the customer's Betreuer (else the answer's seller). It is an ordinary open activity with a due date,
 * its text reads "NPS 4: Kunde anrufen" (and the comment), so it shows in Todos, on the dashboard and on the customer's timeline; done means followed up.
 */
export async function ensureFollowUp(trx: Executor, answerId: number, zone: string, author: string) {
  await sql`
    WITH answer AS (
      SELECT a.id, a.customer_id, a.vorgang_id, a.score, a.comment,
        coalesce(c.owner_user_id, a.seller_user_id) AS user_id
      FROM nps_answer a JOIN customer c ON c.id = a.customer_id
      WHERE a.id = ${answerId} AND a.score <= 6 AND a.follow_up_activity_id IS NULL
      FOR UPDATE OF a
    ), todo AS (
      INSERT INTO activity (customer_id, vorgang_id, activity_type, due_date, done, note, user_id, updated_by)
      SELECT customer_id, vorgang_id, 'anruf', (now() AT TIME ZONE ${zone})::date, false,
        'NPS ' || score || ': Kunde anrufen' || coalesce(E'\n„' || nullif(btrim(comment), '') || '“', ''),
        user_id, ${author}
      FROM answer
      RETURNING id
    )
    UPDATE nps_answer SET follow_up_activity_id = (SELECT id FROM todo)
    WHERE id = ${answerId} AND EXISTS (SELECT 1 FROM todo)`.execute(trx);
}
