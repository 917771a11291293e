import { sql } from 'kysely';
import type { RelatedCounts } from '../../src/resources/duplicates/duplicates.endpoints';
import type { Database } from '../platform/db/database';

/**
 * What belongs to a customer, counted as the merge screen shows it. Belege and their positions, notes and
 * files hang on the Vorgang and travel with it; the others name the customer themselves.
 */
export async function relatedCounts(db: Database, customerId: number): Promise<RelatedCounts> {
  const { rows } = await sql<RelatedCounts>`
    SELECT
      (SELECT count(*) FROM vorgang WHERE customer_id = ${customerId})::int AS vorgaenge,
      (SELECT count(*) FROM beleg b JOIN vorgang v ON v.id = b.vorgang_id WHERE v.customer_id = ${customerId})::int AS belege,
      (SELECT count(*) FROM activity WHERE customer_id = ${customerId})::int AS activities,
      (SELECT count(*) FROM timeline_note WHERE customer_id = ${customerId})::int AS notes,
      (SELECT count(*) FROM personal_note WHERE customer_id = ${customerId})::int AS "personalNotes",
      (SELECT count(*) FROM stored_file WHERE owner_type = 'kunde' AND owner_id = ${customerId})::int AS files,
      (SELECT count(*) FROM customer_label WHERE customer_id = ${customerId})::int AS labels,
      (SELECT count(*) FROM nps_answer WHERE customer_id = ${customerId})::int AS "npsAnswers",
      (SELECT count(*) FROM sent_mail WHERE customer_id = ${customerId})::int AS mails`.execute(db);
  return rows[0]!;
}

/**
 * Moves every row that refers to customer `from` over to customer `to`, inside the caller's transaction.
 * Each table that names a customer is here (`customer_id` columns, the files' owner); a table added later
 * that refers to customers belongs here too, or the merge would delete its rows with the merged customer.
 * Stored files keep their bytes: the store's names are generated and do not carry the customer.
 */
export async function moveRelatedRows(trx: Database, from: number, to: number): Promise<void> {
  const move = (table: string) =>
    sql`UPDATE ${sql.table(table)} SET customer_id = ${to} WHERE customer_id = ${from}`.execute(trx);
  // Vorgänge carry their Belege (positions, notes), Endkunde links, labels, events and files with them.
  await move('vorgang');
  await move('activity');
  await move('timeline_note');
  await move('nps_answer');
  await move('nps_survey');
  await move('sent_mail');
  await move('privacy_request');
  // Consent records of both: the latest decides the survivor's consent (the database keeps its state).
  await move('customer_consent');
  await move('unsubscribe_token');
  // The Änderungsverlauf of the merged customer stays readable on the survivor's timeline.
  await move('change_record');
  await trx
    .updateTable('stored_file')
    .set({ owner_id: to })
    .where('owner_type', '=', 'kunde')
    .where('owner_id', '=', from)
    .execute();
  // A label both carry stays once, with the earlier due day of the two.
  await sql`
    UPDATE customer_label k SET due_date = least(k.due_date, m.due_date)
    FROM customer_label m WHERE k.customer_id = ${to} AND m.customer_id = ${from} AND m.label_id = k.label_id`.execute(
    trx,
  );
  await sql`
    UPDATE customer_label m SET customer_id = ${to} WHERE m.customer_id = ${from}
      AND NOT EXISTS (SELECT 1 FROM customer_label k WHERE k.customer_id = ${to} AND k.label_id = m.label_id)`.execute(
    trx,
  );
  // A person's private note on both customers becomes one note, the survivor's text first.
  await sql`
    UPDATE personal_note k SET text = k.text || E'\n\n' || m.text, version = k.version + 1, updated_at = now()
    FROM personal_note m WHERE k.customer_id = ${to} AND m.customer_id = ${from} AND m.user_oid = k.user_oid`.execute(
    trx,
  );
  await sql`
    UPDATE personal_note m SET customer_id = ${to} WHERE m.customer_id = ${from}
      AND NOT EXISTS (SELECT 1 FROM personal_note k WHERE k.customer_id = ${to} AND k.user_oid = m.user_oid)`.execute(
    trx,
  );
}
