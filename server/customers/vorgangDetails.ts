import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import { notFound, RELOAD_HER, staleEdit } from '../platform/http/apiError';
import { lastRecordedBy } from '../platform/changes/changedBy';
import { recordChange, withChangeRecord } from '../platform/changes/recordChange';
import { rowSnapshot } from '../platform/changes/rowSnapshot';
import { vorgangSubject } from '../vorgaenge/vorgangSnapshotQueries';
import { staleVorgang } from '../vorgaenge/vorgangEvents';
import { positionOfCustomer, savePositionTextAt } from './customerQueries';

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
    const found = await trx
      .selectFrom('vorgang')
      .select(['version', 'updated_by as updatedBy'])
      .where('id', '=', input.vorgangId)
      .where('customer_id', '=', input.customerId)
      .forUpdate()
      .executeTakeFirst();
    if (!found) throw notFound('Der Vorgang gehört nicht zu diesem Kunden.');
    if (found.version !== input.version) throw await staleVorgang(trx, input.vorgangId, found);
    // The fields were checked by the Endkunde's schema; one not sent is stored as null, as before.
    const text = (field: string) => (endCustomer[field] ?? null) as string;
    const { id: endCustomerId } = await trx
      .insertInto('end_customer')
      .values({
        name: text('name'),
        street: text('street'),
        zip: text('zip'),
        city: text('city'),
        country: text('country'),
        phone: text('phone'),
        email: text('email'),
        updated_by: caller.name,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordChange(trx, {
      actor: caller,
      area: 'endkunde',
      recordId: endCustomerId,
      before: null,
      after: await rowSnapshot(trx, 'end_customer', { id: endCustomerId }),
      customerId: input.customerId,
      vorgangId: input.vorgangId,
    });
    const updated = await withChangeRecord(trx, { ...vorgangSubject(input.vorgangId), actor: caller }, () =>
      trx
        .updateTable('vorgang')
        .set((eb) => ({
          end_customer_id: endCustomerId,
          version: eb('version', '+', 1),
          updated_at: eb.fn<Date>('now'),
          updated_by: caller.name,
        }))
        .where('id', '=', input.vorgangId)
        .returning('version')
        .executeTakeFirstOrThrow(),
    );
    return { endCustomerId, version: updated.version };
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
  const row = await db
    .selectFrom('beleg_position as p')
    .innerJoin('beleg as b', 'b.id', 'p.beleg_id')
    .select('b.vorgang_id as vorgangId')
    .where('p.id', '=', positionId)
    .executeTakeFirst();
  return row?.vorgangId ?? null;
}

async function savePositionText(
  db: Database,
  input: { customerId: number; positionId: number; version: number },
  text: string | null,
): Promise<{ id: number; version: number; customDescription: string | null }> {
  const saved = await savePositionTextAt(db, input, text);
  if (saved) return saved;
  if (!(await positionOfCustomer(db, input.positionId, input.customerId)))
    throw notFound('Die Position gehört nicht zu diesem Kunden.');
  const by = await lastRecordedBy(db, POSITION_AREA, input.positionId);
  throw staleEdit(by, { subject: 'Die Position', retry: RELOAD_HER });
}
