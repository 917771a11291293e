import { sql } from 'kysely';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import { notFound, RELOAD_HER, staleEdit } from '../platform/http/apiError';
import { lastRecordedBy } from '../platform/changes/changedBy';
import { recordChange, withChangeRecord } from '../platform/changes/recordChange';
import { rowSnapshot } from '../platform/changes/rowSnapshot';
import { vorgangSubject } from '../vorgaenge/vorgangSnapshot';
import { staleVorgang } from '../vorgaenge/vorgangEvents';

// A Beleg position's own text in the Änderungsverlauf.
const POSITION_AREA = 'belegposition';

/** Adds a new Endkunde to a Vorgang of this customer at the Vorgang's version (kunde/addEndkundeToVorgang). */
export async function addEndCustomerToVorgang(
  db: Database,
  input: { customerId: number; vorgangId: number; version: number },
  endCustomer: Record<string, unknown>,
  caller: Caller,
): Promise<{ endCustomerId: number; version: number }> {
  return db.transaction().execute(async (trx) => {
    const { rows: found } = await sql<{ version: number; updatedBy: string | null }>`
      SELECT version, updated_by AS "updatedBy" FROM vorgang
      WHERE id = ${input.vorgangId} AND customer_id = ${input.customerId} FOR UPDATE`.execute(trx);
    if (!found[0]) throw notFound('Der Vorgang gehört nicht zu diesem Kunden.');
    if (found[0].version !== input.version) throw await staleVorgang(trx, input.vorgangId, found[0]);
    const { rows } = await sql<{ id: number }>`
      INSERT INTO end_customer (name, street, zip, city, country, phone, email, updated_by)
      VALUES (${endCustomer.name}, ${endCustomer.street}, ${endCustomer.zip}, ${endCustomer.city},
              ${endCustomer.country}, ${endCustomer.phone}, ${endCustomer.email}, ${caller.name})
      RETURNING id`.execute(trx);
    const endCustomerId = rows[0]!.id;
    await recordChange(trx, {
      actor: caller,
      area: 'endkunde',
      recordId: endCustomerId,
      before: null,
      after: await rowSnapshot(trx, 'end_customer', { id: endCustomerId }),
      customerId: input.customerId,
      vorgangId: input.vorgangId,
    });
    const { rows: updated } = await withChangeRecord(
      trx,
      { ...vorgangSubject(input.vorgangId), actor: caller },
      () =>
        sql<{ version: number }>`
      UPDATE vorgang SET end_customer_id = ${endCustomerId}, version = version + 1, updated_at = now(),
        updated_by = ${caller.name}
      WHERE id = ${input.vorgangId} RETURNING version`.execute(trx),
    );
    return { endCustomerId, version: updated[0]!.version };
  });
}

/** Sets the own text of a Beleg position (kunde/addCustomDescriptionToPosNr), only at the version shown. */
export async function setPositionText(
  db: Database,
  input: { customerId: number; positionId: number; version: number; customDescription: string | null },
  caller: Caller,
): Promise<{ id: number; version: number; customDescription: string | null }> {
  const text = input.customDescription?.trim() || null;
  return db.transaction().execute(async (trx) =>
    withChangeRecord(
      trx,
      {
        actor: caller,
        area: POSITION_AREA,
        recordId: input.positionId,
        customerId: input.customerId,
        // The Vorgang's timeline shows its Belege's position texts too.
        vorgangId: await vorgangOfPosition(trx, input.positionId),
        read: (trx) => rowSnapshot(trx, 'beleg_position', { id: input.positionId }),
      },
      () => savePositionText(trx, input, text),
    ),
  );
}

/** The Vorgang whose Beleg holds the position; null when there is no such position. */
async function vorgangOfPosition(db: Database, positionId: number): Promise<number | null> {
  const { rows } = await sql<{ vorgangId: number }>`
    SELECT b.vorgang_id AS "vorgangId" FROM beleg_position p JOIN beleg b ON b.id = p.beleg_id
    WHERE p.id = ${positionId}`.execute(db);
  return rows[0]?.vorgangId ?? null;
}

async function savePositionText(
  db: Database,
  input: { customerId: number; positionId: number; version: number },
  text: string | null,
): Promise<{ id: number; version: number; customDescription: string | null }> {
  const { rows } = await sql<{ id: number; version: number; customDescription: string | null }>`
    UPDATE beleg_position p SET custom_description = ${text}, version = p.version + 1
    FROM beleg b JOIN vorgang v ON v.id = b.vorgang_id
    WHERE p.id = ${input.positionId} AND p.version = ${input.version} AND b.id = p.beleg_id
      AND v.customer_id = ${input.customerId}
    RETURNING p.id, p.version, p.custom_description AS "customDescription"`.execute(db);
  if (rows[0]) return rows[0];
  const { rows: exists } = await sql`
    SELECT 1 FROM beleg_position p JOIN beleg b ON b.id = p.beleg_id JOIN vorgang v ON v.id = b.vorgang_id
    WHERE p.id = ${input.positionId} AND v.customer_id = ${input.customerId}`.execute(db);
  if (!exists.length) throw notFound('Die Position gehört nicht zu diesem Kunden.');
  const by = await lastRecordedBy(db, POSITION_AREA, input.positionId);
  throw staleEdit(by, { subject: 'Die Position', retry: RELOAD_HER });
}
