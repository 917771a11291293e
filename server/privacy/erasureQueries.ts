import { sql, type Selectable } from 'kysely';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import type { DB } from '../platform/db/schema';
import { recordChange, type ChangeActor } from '../platform/changes/recordChange';
import type { FileStore } from '../platform/files/fileStore';
import { eraseChangeHistory } from './eraseChangeHistoryQueries';
import { eraseAutomationTraces } from './eraseAutomationQueries';
import { addToSuppressionList } from './suppressionListQueries';
import { eraseOfferLinks } from '../offerOnline';
import type { Erased } from './eraseCustomer';

/** What stands in for erased names in the records the law makes us keep (Belege, Vorgänge). */
export const ERASED = 'Gelöscht (DSGVO)';

const escapeRegex = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A value as a pattern that matches it as a whole word, where it starts or ends with a letter or digit. */
const wordPattern = (value: string) =>
  `${/^[\p{L}\p{N}]/u.test(value) ? '\\m' : ''}${escapeRegex(value)}${/[\p{L}\p{N}]$/u.test(value) ? '\\M' : ''}`;

/**
 * The customer's own words and numbers that identify them, as patterns to replace in kept text: names, address
 * and e-mail as written, phone numbers as written and by their longest group of digits ("9876543" of
 * "+43 664 9876543"), which other texts may hold in another format.
 */
function identifyingPattern(values: readonly unknown[], phones: readonly unknown[]): string | null {
  const texts = (list: readonly unknown[]) =>
    list.filter((value): value is string => typeof value === 'string').map((value) => value.trim());
  const digitGroups = texts(phones).flatMap((phone) => {
    const longest = (phone.match(/\d+/g) ?? []).sort((a, b) => b.length - a.length)[0];
    return longest ? [longest] : [];
  });
  const words = [...new Set([...texts(values), ...texts(phones), ...digitGroups])]
    // One or two letters would match inside unrelated words ("Fenster Al" in "Alu-Fenster"); five digits are
    // the least of a phone number's groups worth matching.
    .filter((value) => (/^\d+$/.test(value) ? value.length >= 5 : value.length >= 3))
    .sort((a, b) => b.length - a.length);
  return words.length ? `(${words.map(wordPattern).join('|')})` : null;
}

/** The customer's row, locked for its erasure; undefined when there is none. */
export const lockCustomer = (trx: Database, customerId: number) =>
  trx.selectFrom('customer').selectAll().where('id', '=', customerId).forUpdate().executeTakeFirst();

/**
 * Takes the lock that lets one instance re-apply the Löschliste at a time and answers the customers on it that hold
 * personal data again (a database restored from a backup made before their erasure).
 */
export async function lockErasuresToReapply(lock: Database) {
  await sql`SELECT pg_advisory_xact_lock(41051)`.execute(lock);
  const { rows } = await sql<{ id: number }>`
    SELECT s.customer_id AS id FROM erasure_suppression s JOIN customer c ON c.id = s.customer_id
    WHERE c.last_name IS DISTINCT FROM ${ERASED} OR c.first_name IS NOT NULL OR c.company_name IS NOT NULL
      OR c.email IS NOT NULL OR c.phone IS NOT NULL OR c.mobile IS NOT NULL OR c.street IS NOT NULL
    ORDER BY s.customer_id`.execute(lock);
  return rows;
}

/** The erasure itself, of a customer row this transaction has locked; `note` is what the history records. */
export async function eraseLockedCustomer(
  trx: Database,
  store: Pick<FileStore, 'markForRemoval'>,
  actor: Caller | ChangeActor,
  customer: Selectable<DB['customer']>,
  note: string,
  reason: string,
): Promise<Erased> {
  const customerId = customer.id;
  const vorgaenge = sql`SELECT id FROM vorgang WHERE customer_id = ${customerId}`;
  // Endkunden only this customer's Vorgänge refer to: another customer's Vorgang keeps its Endkunde.
  const ownEndCustomers = (
    await sql<Selectable<DB['end_customer']>>`SELECT e.* FROM end_customer e
      WHERE e.id IN (SELECT end_customer_id FROM vorgang WHERE customer_id = ${customerId})
        AND NOT EXISTS (SELECT 1 FROM vorgang o WHERE o.end_customer_id = e.id AND o.customer_id <> ${customerId})`.execute(
      trx,
    )
  ).rows;
  const pattern = identifyingPattern(
    [
      customer.display_name,
      customer.company_name,
      customer.last_name,
      customer.first_name,
      customer.email,
      customer.street,
      ...ownEndCustomers.flatMap((e) => [e.name, e.email, e.street]),
    ],
    [customer.phone, customer.mobile, ...ownEndCustomers.map((e) => e.phone)],
  );
  const scrub = (column: string) =>
    pattern ? sql`regexp_replace(${sql.ref(column)}, ${pattern}, ${ERASED}, 'gi')` : sql.ref(column);
  const scrubbed = (value: string) =>
    pattern ? sql`regexp_replace(${value}::text, ${pattern}, ${ERASED}, 'gi')` : sql`${value}::text`;

  const files = (
    await sql<Pick<Selectable<DB['stored_file']>, 'stored_name'>>`DELETE FROM stored_file
      WHERE (owner_type = 'kunde' AND owner_id = ${customerId})
         OR (owner_type = 'aktivitaet' AND owner_id IN (SELECT id FROM activity WHERE customer_id = ${customerId}))
         OR (owner_type = 'vorgang' AND owner_id IN (${vorgaenge}))
      RETURNING stored_name`.execute(trx)
  ).rows;
  for (const file of files) await store.markForRemoval(trx, file.stored_name);
  // The online offers (the PDFs sent, the acceptance's evidence) name the person: they go with their files.
  const offerFiles = await eraseOfferLinks(trx, customerId, (name) => store.markForRemoval(trx, name));
  await trx.deleteFrom('timeline_note').where('customer_id', '=', customerId).execute();
  // The duplicate check's keys (name words, e-mail, phones) are computed again from the erased row.
  await trx.deleteFrom('customer_match_key').where('customer_id', '=', customerId).execute();
  await trx
    .deleteFrom('duplicate_pair')
    .where((eb) => eb.or([eb('customer_id', '=', customerId), eb('other_id', '=', customerId)]))
    .execute();
  await trx.deleteFrom('personal_note').where('customer_id', '=', customerId).execute();
  // The consent records (their notes are free text) and the unsubscribe links of the mails sent: an erased person
  // gets no mail, and nothing of them stays.
  await trx.deleteFrom('unsubscribe_token').where('customer_id', '=', customerId).execute();
  await trx.deleteFrom('customer_consent').where('customer_id', '=', customerId).execute();
  // Clearing the notes also queues each Termin's Outlook copy to be written again, now without the person's data.
  await trx.updateTable('activity').set({ note: null }).where('customer_id', '=', customerId).execute();
  // Meetings read from a seller's Outlook with this customer: subject and place name the person.
  await trx.deleteFrom('m365_meeting').where('customer_id', '=', customerId).execute();
  await trx.updateTable('nps_answer').set({ comment: null }).where('customer_id', '=', customerId).execute();
  // A mail still waiting in the Postausgang is not sent to an erased customer: it ends as not sent, and is
  // taken from its job, so no "Erneut versuchen" brings it back.
  await sql`UPDATE sent_mail SET recipient = ${ERASED}, subject = ${ERASED}, body = '', attachments = NULL,
    raw_message = NULL, hidden_fills = NULL, attachment_source = NULL, job_id = CASE WHEN status IN ('wartend', 'fehler') THEN NULL ELSE job_id END,
    error = CASE WHEN status = 'wartend' THEN 'Nicht gesendet: Die Daten des Kunden wurden gelöscht.' END,
    status = CASE WHEN status = 'wartend' THEN 'fehler' ELSE status END
    WHERE customer_id = ${customerId}`.execute(trx);
  if (ownEndCustomers.length) {
    await trx
      .updateTable('end_customer')
      .set((eb) => ({
        name: ERASED,
        street: null,
        zip: null,
        city: null,
        phone: null,
        email: null,
        version: eb('version', '+', 1),
        updated_at: eb.fn<Date>('now'),
        updated_by: actor.name,
      }))
      .where(
        'id',
        'in',
        ownEndCustomers.map((e) => e.id),
      )
      .execute();
  }
  // Kept for the retention period: Vorgänge and Belege, with the name replaced where free text holds it.
  await sql`UPDATE vorgang SET title = ${scrub('title')}, lost_reason = ${scrub('lost_reason')}
    WHERE customer_id = ${customerId}`.execute(trx);
  await sql`UPDATE vorgang_status_change SET reason = ${scrub('reason')} WHERE vorgang_id IN (${vorgaenge})`.execute(
    trx,
  );
  await sql`UPDATE beleg_note SET text = ${scrub('text')}
    WHERE beleg_id IN (SELECT id FROM beleg WHERE vorgang_id IN (${vorgaenge}))`.execute(trx);
  await sql`UPDATE beleg_position SET custom_description = ${scrub('custom_description')}
    WHERE beleg_id IN (SELECT id FROM beleg WHERE vorgang_id IN (${vorgaenge}))`.execute(trx);
  // The files are gone; their names in the Vorgang's history (what a person called them) go with them.
  await sql`UPDATE vorgang_event SET details = jsonb_set(details, '{file}', to_jsonb(${ERASED}::text))
    WHERE vorgang_id IN (${vorgaenge}) AND kind IN ('datei_hoch', 'datei_geloescht') AND details ? 'file'`.execute(
    trx,
  );
  // Events and replayable answers are copies made for the moment; those that may hold the name go.
  await sql`DELETE FROM kanban_event WHERE vorgang_id IN (${vorgaenge})`.execute(trx);
  if (pattern) {
    await sql`UPDATE vorgang_event SET details = regexp_replace(details::text, ${pattern}, ${ERASED}, 'gi')::jsonb
      WHERE vorgang_id IN (${vorgaenge}) AND details::text ~* ${pattern}`.execute(trx);
    await sql`DELETE FROM idempotency_key WHERE response_body::text ~* ${pattern}`.execute(trx);
    await sql`DELETE FROM idempotency_claim WHERE response_body::text ~* ${pattern}`.execute(trx);
    // The ERP import's log names the customers it read.
    await sql`UPDATE etl_sync_log SET message = regexp_replace(message, ${pattern}, ${ERASED}, 'gi')
      WHERE message ~* ${pattern}`.execute(trx);
  }
  await eraseAutomationTraces(trx, customerId, vorgaenge, pattern, ERASED);
  // The Änderungsverlauf keeps which fields changed, when and by whom, not the person's values.
  await eraseChangeHistory(trx, customerId, pattern, ERASED);
  await addToSuppressionList(trx, customerId, {
    customerNumber: customer.customer_number,
    email: customer.email,
    phones: [customer.phone, customer.mobile],
    country: customer.country,
  });
  const erased = await trx
    .updateTable('customer')
    .set((eb) => ({
      company_name: null,
      last_name: ERASED,
      first_name: null,
      title: null,
      salutation: null,
      street: null,
      zip: null,
      city: null,
      phone: null,
      mobile: null,
      email: null,
      custom_fields: {},
      newsletter_consent: false,
      gdpr_consent_at: null,
      version: eb('version', '+', 1),
      updated_at: eb.fn<Date>('now'),
      updated_by: actor.name,
    }))
    .where('id', '=', customerId)
    .returning('updated_at')
    .executeTakeFirstOrThrow();
  // The erasure itself: who, when and why, without the values it removed (nor the name, should the reason hold it).
  const { rows: reasonRows } = await sql<{ note: string; reason: string }>`
    SELECT ${scrubbed(note)} AS note, ${scrubbed(reason)} AS reason`.execute(trx);
  const kept = reasonRows[0]!;
  await recordChange(trx, {
    actor,
    area: 'kunden',
    recordId: customerId,
    before: { dsgvo: null },
    after: { dsgvo: kept.note },
    customerId,
  });
  await trx
    .insertInto('privacy_request')
    .values({
      kind: 'loeschung',
      customer_id: customerId,
      customer_number: customer.customer_number,
      reason: kept.reason,
      requested_by_oid: actor.oid,
      requested_by_name: actor.name,
    })
    .execute();
  const count = (
    await sql<{ n: number }>`SELECT count(*)::int AS n FROM beleg WHERE vorgang_id IN (${vorgaenge})`.execute(
      trx,
    )
  ).rows[0]!;
  return {
    keptBelege: count.n,
    storedNames: [...files.map((f) => f.stored_name), ...offerFiles],
    erasedAt: erased.updated_at.toISOString(),
  };
}
