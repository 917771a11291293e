import { sql } from 'kysely';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import { recordChange } from '../platform/changes/recordChange';
import { inTransaction } from '../platform/db/inTransaction';
import type { FileStore } from '../platform/files/fileStore';
import { conflict, notFound } from '../platform/http/apiError';

/** What stands in for erased names in the records the law makes us keep (Belege, Vorgänge). */
export const ERASED = 'Gelöscht (DSGVO)';

// Vorgänge in these states are still being worked on: erasing their customer would break an open sale.
const OPEN_STATES = ['anfrage', 'angebot', 'auftrag'];

const escapeRegex = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The customer's own words and numbers that identify them, as whole-word patterns to replace in kept text. */
function identifyingPattern(values: readonly unknown[]): string | null {
  const words = [
    ...new Set(
      values
        .filter((value): value is string => typeof value === 'string')
        .map((value) => value.trim())
        // One or two letters would match inside unrelated words ("Fenster Al" in "Alu-Fenster").
        .filter((value) => value.length >= 3),
    ),
  ].sort((a, b) => b.length - a.length);
  return words.length ? `\\m(${words.map(escapeRegex).join('|')})\\M` : null;
}

/**
 * Art. 17 in one transaction: the customer's personal data is removed (notes, personal notes, files) or
 * anonymised (the customer row, their Endkunden, activity notes, mails, NPS comments), while Vorgänge and Belege
 * stay for the retention period with the name replaced. Refused (409) while a Vorgang is open or when the
 * customer changed since it was read. The removed files are marked for the store in the same transaction;
 * returns their stored names, whose bytes the caller removes once it has committed.
 */
export async function eraseCustomer(
  db: Database,
  store: Pick<FileStore, 'markForRemoval'>,
  caller: Caller,
  customerId: number,
  version: number,
  reason: string,
): Promise<{ keptBelege: number; storedNames: string[]; erasedAt: string }> {
  return inTransaction(db, async (trx) => {
    const customer = (
      await sql<Record<string, unknown>>`SELECT * FROM customer WHERE id = ${customerId} FOR UPDATE`.execute(
        trx,
      )
    ).rows[0];
    if (!customer) throw notFound('Diesen Kunden gibt es nicht (mehr).');
    if (customer.version !== version) throw conflict();
    const open = (
      await sql<{ number: string }>`SELECT vorgang_number AS number FROM vorgang
        WHERE customer_id = ${customerId} AND system_status IN (${sql.join(OPEN_STATES)}) ORDER BY vorgang_number`.execute(
        trx,
      )
    ).rows;
    if (open.length) {
      throw conflict(
        `Der Kunde hat noch offene Vorgänge (${open.map((v) => v.number).join(', ')}). Löschen ist erst möglich, wenn alle abgerechnet oder verloren sind.`,
      );
    }
    const vorgaenge = sql`SELECT id FROM vorgang WHERE customer_id = ${customerId}`;
    // Endkunden only this customer's Vorgänge refer to: another customer's Vorgang keeps its Endkunde.
    const ownEndCustomers = (
      await sql<Record<string, unknown>>`SELECT e.* FROM end_customer e
        WHERE e.id IN (SELECT end_customer_id FROM vorgang WHERE customer_id = ${customerId})
          AND NOT EXISTS (SELECT 1 FROM vorgang o WHERE o.end_customer_id = e.id AND o.customer_id <> ${customerId})`.execute(
        trx,
      )
    ).rows;
    const pattern = identifyingPattern([
      customer.display_name,
      customer.company_name,
      customer.last_name,
      customer.first_name,
      customer.email,
      customer.phone,
      customer.mobile,
      customer.street,
      ...ownEndCustomers.flatMap((e) => [e.name, e.email, e.phone, e.street]),
    ]);
    const scrub = (column: string) =>
      pattern ? sql`regexp_replace(${sql.ref(column)}, ${pattern}, ${ERASED}, 'gi')` : sql.ref(column);

    const files = (
      await sql<{ stored_name: string }>`DELETE FROM stored_file
        WHERE (owner_type = 'kunde' AND owner_id = ${customerId})
           OR (owner_type = 'aktivitaet' AND owner_id IN (SELECT id FROM activity WHERE customer_id = ${customerId}))
           OR (owner_type = 'vorgang' AND owner_id IN (${vorgaenge}))
        RETURNING stored_name`.execute(trx)
    ).rows;
    for (const file of files) await store.markForRemoval(trx, file.stored_name);
    await sql`DELETE FROM timeline_note WHERE customer_id = ${customerId}`.execute(trx);
    await sql`DELETE FROM personal_note WHERE customer_id = ${customerId}`.execute(trx);
    await sql`UPDATE activity SET note = NULL WHERE customer_id = ${customerId}`.execute(trx);
    await sql`UPDATE nps_answer SET comment = NULL WHERE customer_id = ${customerId}`.execute(trx);
    // A mail still waiting in the Postausgang is not sent to an erased customer: it ends as not sent, and
    // is taken from its job, so no "Erneut versuchen" brings it back.
    await sql`UPDATE sent_mail SET recipient = ${ERASED}, subject = ${ERASED}, body = '', attachments = NULL,
      job_id = CASE WHEN status IN ('wartend', 'fehler') THEN NULL ELSE job_id END,
      error = CASE WHEN status = 'wartend' THEN 'Nicht gesendet: Die Daten des Kunden wurden gelöscht.' END,
      status = CASE WHEN status = 'wartend' THEN 'fehler' ELSE status END
      WHERE customer_id = ${customerId}`.execute(trx);
    if (ownEndCustomers.length) {
      await sql`UPDATE end_customer SET name = ${ERASED}, street = NULL, zip = NULL, city = NULL, phone = NULL,
        email = NULL, version = version + 1, updated_at = now(), updated_by = ${caller.name}
        WHERE id IN (${sql.join(ownEndCustomers.map((e) => e.id))})`.execute(trx);
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
    // Events and replayable answers are copies made for the moment; those that may hold the name go.
    await sql`DELETE FROM kanban_event WHERE vorgang_id IN (${vorgaenge})`.execute(trx);
    if (pattern) {
      await sql`UPDATE vorgang_event SET details = regexp_replace(details::text, ${pattern}, ${ERASED}, 'gi')::jsonb
        WHERE vorgang_id IN (${vorgaenge}) AND details::text ~* ${pattern}`.execute(trx);
      await sql`DELETE FROM idempotency_key WHERE response_body::text ~* ${pattern}`.execute(trx);
      // The ERP import's log names the customers it read.
      await sql`UPDATE etl_sync_log SET message = regexp_replace(message, ${pattern}, ${ERASED}, 'gi')
        WHERE message ~* ${pattern}`.execute(trx);
    }
    // The Änderungsverlauf keeps which fields changed and when, not the values: the customer's own entries lose
    // them, entries of their Vorgänge and Endkunden lose the name where it appears.
    await sql`UPDATE change_record SET changes = (SELECT coalesce(jsonb_object_agg(key,
        jsonb_build_object('old', ${ERASED}::text, 'new', ${ERASED}::text)), '{}'::jsonb) FROM jsonb_object_keys(changes) AS key)
      WHERE customer_id = ${customerId} AND vorgang_id IS NULL`.execute(trx);
    if (pattern) {
      await sql`UPDATE change_record SET changes = regexp_replace(changes::text, ${pattern}, ${ERASED}, 'gi')::jsonb
        WHERE (vorgang_id IN (${vorgaenge}) OR (area = 'kunden' AND record_id = ${customerId})
            OR (customer_id = ${customerId}))
          AND changes::text ~* ${pattern}`.execute(trx);
    }
    const erased = (
      await sql<{ updated_at: Date }>`UPDATE customer SET company_name = NULL, last_name = ${ERASED},
        first_name = NULL, title = NULL, salutation = NULL, street = NULL, zip = NULL, city = NULL, phone = NULL,
        mobile = NULL, email = NULL, custom_fields = '{}'::jsonb, newsletter_consent = false, gdpr_consent_at = NULL,
        version = version + 1, updated_at = now(), updated_by = ${caller.name}
        WHERE id = ${customerId} RETURNING updated_at`.execute(trx)
    ).rows[0]!;
    // The erasure itself: who, when and why, without the values it removed.
    await recordChange(trx, {
      actor: caller,
      area: 'kunden',
      recordId: customerId,
      before: { dsgvo: null },
      after: { dsgvo: `Gelöscht nach Art. 17 DSGVO: ${reason}` },
      customerId,
    });
    await sql`INSERT INTO privacy_request (kind, customer_id, customer_number, reason, requested_by_oid, requested_by_name)
      VALUES ('loeschung', ${customerId}, ${customer.customer_number as string | null}, ${reason}, ${caller.oid}, ${caller.name})`.execute(
      trx,
    );
    const kept = (
      await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM beleg WHERE vorgang_id IN (${vorgaenge})`.execute(trx)
    ).rows[0]!;
    return {
      keptBelege: kept.n,
      storedNames: files.map((f) => f.stored_name),
      erasedAt: erased.updated_at.toISOString(),
    };
  });
}
