import {
  MERGE_FIELDS,
  type MergeField,
  type RelatedCounts,
} from '../../src/resources/duplicates/duplicates.endpoints';
import { customerSubject } from '../customers/customerSnapshot';
import type { Caller } from '../platform/auth/caller';
import { recordChange } from '../platform/changes/recordChange';
import type { Database } from '../platform/db/database';
import { inTransaction } from '../platform/db/inTransaction';
import { badRequest, conflict, notFound, staleEdit } from '../platform/http/apiError';
import { VORGANG_AREA } from '../vorgaenge/vorgangSnapshotQueries';
import { lockCustomers, writeSurvivor } from './duplicateQueries';
import { moveRelatedRows, relatedCounts } from './relatedRowQueries';

export interface MergeRequest {
  keepId: number;
  keepVersion: number;
  mergeId: number;
  mergeVersion: number;
  take: readonly MergeField[];
}

/** The field of the survivor's Änderungsverlauf entry that says whom it took in and what came with them. */
export const MERGE_NOTE = 'Zusammenführung';

const describeMoved = (moved: RelatedCounts) =>
  [
    [moved.vorgaenge, 'Vorgänge'],
    [moved.belege, 'Belege'],
    [moved.activities, 'Aktivitäten'],
    [moved.notes, 'Notizen'],
    [moved.files, 'Dateien'],
    [moved.labels, 'Labels'],
    [moved.npsAnswers, 'NPS-Antworten'],
    [moved.mails, 'E-Mails'],
  ]
    .filter(([count]) => Number(count) > 0)
    .map(([count, what]) => `${String(count)} ${String(what)}`)
    .join(', ') || 'keine weiteren Datensätze';

/**
 * Merges one customer into another in one transaction: both rows locked and their versions checked (409), the
 * chosen field values written to the survivor, every related row moved (relatedRowQueries.ts), the merged customer
 * removed, and the merge recorded in the Änderungsverlauf of both (and of each moved Vorgang). The ERP
 * customer number stays: the survivor keeps its own or takes the merged one's, so the data sync finds the
 * survivor by it. Two different ERP numbers are refused: one customer row holds one number, and the ERP would
 * keep sending the other as a customer of its own.
 */
export async function mergeCustomers(
  db: Database,
  caller: Caller,
  request: MergeRequest,
): Promise<{ id: number; version: number; moved: RelatedCounts }> {
  const { keepId, mergeId } = request;
  if (keepId === mergeId) throw badRequest('Ein Kunde kann nicht mit sich selbst zusammengeführt werden.');
  return inTransaction(db, async (trx) => {
    // Both locked in one order, so two merges of the same pair cannot wait for each other.
    const rows = await lockCustomers(trx, [keepId, mergeId]);
    const keep = rows.find((row) => row.id === keepId);
    const merged = rows.find((row) => row.id === mergeId);
    if (!keep || !merged) throw notFound('Einen der beiden Kunden gibt es nicht (mehr).');
    const stale =
      keep.version !== request.keepVersion ? keep : merged.version !== request.mergeVersion ? merged : null;
    if (stale) throw staleEdit(stale.updated_by, { subject: `Kunde „${stale.display_name}“` });
    if (keep.customer_number && merged.customer_number && keep.customer_number !== merged.customer_number) {
      throw conflict(
        `Die beiden Kunden haben verschiedene ERP-Kundennummern (${keep.customer_number} und ${merged.customer_number}). ` +
          'Ein Kunde im CRM kann nur eine behalten, die andere ginge verloren und der Datenabgleich legte den Kunden wieder an. ' +
          'Bitte führen Sie die beiden zuerst im ERP zusammen.',
      );
    }
    const taken = new Set(request.take);
    const values = Object.fromEntries(
      MERGE_FIELDS.map(({ source, column }) => [column, (taken.has(source) ? merged : keep)[column]]),
    );
    if (!values.company_name && !values.last_name) {
      throw badRequest('Nachname oder Firma muss erhalten bleiben.', {
        lastName: 'Bitte wählen Sie einen Nachnamen oder eine Firma.',
      });
    }

    const subject = customerSubject(keepId);
    const mergedSubject = customerSubject(mergeId);
    const keepBefore = await subject.read(trx);
    const mergedBefore = await mergedSubject.read(trx);
    const moved = await relatedCounts(trx, mergeId);
    const vorgaenge = await trx
      .selectFrom('vorgang')
      .select('id')
      .where('customer_id', '=', mergeId)
      .orderBy('id')
      .execute();

    await moveRelatedRows(trx, mergeId, keepId);
    // The number is unique: the merged row lets go of it before the survivor takes it.
    await trx.updateTable('customer').set({ customer_number: null }).where('id', '=', mergeId).execute();
    await trx.deleteFrom('customer').where('id', '=', mergeId).execute();
    const version = await writeSurvivor(trx, keepId, values, {
      customerNumber: keep.customer_number ?? merged.customer_number,
      lastActivityAt: merged.last_activity_at,
      by: caller.name,
    });

    const mergedName = `${String(merged.display_name ?? '')}${merged.customer_number ? ` (${merged.customer_number})` : ''}`;
    await recordChange(trx, {
      actor: caller,
      area: subject.area,
      recordId: keepId,
      customerId: keepId,
      fields: [...subject.fields, MERGE_NOTE],
      before: { ...keepBefore, [MERGE_NOTE]: null },
      after: {
        ...(await subject.read(trx)),
        [MERGE_NOTE]: `${mergedName} übernommen (Kunde #${mergeId}): ${describeMoved(moved)}`,
      },
    });
    // The merged customer's own entry: its values before, and that it went into the survivor. Its earlier
    // entries moved with it, so the survivor's timeline shows the whole story.
    await recordChange(trx, {
      actor: caller,
      area: mergedSubject.area,
      recordId: mergeId,
      customerId: keepId,
      fields: [...mergedSubject.fields, MERGE_NOTE],
      before: { ...mergedBefore, [MERGE_NOTE]: `zusammengeführt in Kunde #${keepId}` },
      after: null,
    });
    for (const vorgang of vorgaenge) {
      await recordChange(trx, {
        actor: caller,
        area: VORGANG_AREA,
        recordId: vorgang.id,
        vorgangId: vorgang.id,
        customerId: keepId,
        before: { customerId: mergeId },
        after: { customerId: keepId },
      });
    }
    return { id: keepId, version, moved };
  });
}
