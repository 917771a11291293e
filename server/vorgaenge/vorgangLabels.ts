import { addCompanyDays, companyToday } from '../../src/config/companyTime';
import type { VorgangLabel } from '../../src/resources/vorgaenge/vorgangPageTypes';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import { inTransaction } from '../platform/db/inTransaction';
import { badRequest } from '../platform/http/apiError';
import { recordVorgangEvent, type VorgangEvent } from './vorgangEvents';
import { labelsOfVorgang, lockVorgang, touchVorgang } from './vorgangQueries';
import { withChangeRecord } from '../platform/changes/recordChange';
import { vorgangSubject } from './vorgangSnapshotQueries';

/** One change of a Vorgang's labels as vorgang/changeLabelOfVorgang carries it. */
export interface LabelChange {
  vorgangId: number;
  version: number;
  labelId: number;
  action: 'add' | 'remove' | 'setDueDate';
  dueDate?: string | null;
}

/** A real calendar day (yyyy-MM-dd), else a German 400 at the field. */
function checkedDay(day: string | null | undefined): string | null {
  if (!day) return null;
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) {
    throw badRequest('Bitte geben Sie ein gültiges Fälligkeitsdatum an.', {
      dueDate: 'Bitte geben Sie ein gültiges Fälligkeitsdatum an.',
    });
  }
  return day;
}

/**
 * Adds a label (due after its "fällig nach" days, counted from today in the company's zone, unless a date
 * is given), removes one, or changes its due date; all at the Vorgang's version, which moves on.
 */
export async function changeVorgangLabel(
  db: Database,
  change: LabelChange,
  caller: Caller,
  timeZone: string,
): Promise<{ version: number; labels: VorgangLabel[] }> {
  const dueDate = checkedDay(change.dueDate);
  return inTransaction(db, async (trx) =>
    withChangeRecord(trx, { ...vorgangSubject(change.vorgangId), actor: caller }, async () => {
      await lockVorgang(trx, change.vorgangId, change.version);
      // A date column arrives as "yyyy-MM-dd" text (server/platform/db/database.ts).
      const label = await trx
        .selectFrom('label as l')
        .leftJoin('vorgang_label as vl', (join) =>
          join.onRef('vl.label_id', '=', 'l.id').on('vl.vorgang_id', '=', change.vorgangId),
        )
        .select([
          'l.name',
          'l.active',
          'l.for_vorgang as forVorgang',
          'l.due_after_days as dueAfterDays',
          (eb) => eb('vl.label_id', 'is not', null).as('has'),
          'vl.due_date as dueBefore',
        ])
        .where('l.id', '=', change.labelId)
        .executeTakeFirst();
      const refuse = (message: string): never => {
        throw badRequest(message, { labelId: message });
      };
      if (!label) refuse('Dieses Label gibt es nicht (mehr).');
      // What the Vorgang's history keeps of this change (with the due day as it was or became).
      let history: Pick<VorgangEvent, 'kind' | 'details'>;
      if (change.action === 'add') {
        if (label!.has) refuse(`Der Vorgang hat das Label „${label!.name}“ bereits.`);
        if (!label!.forVorgang) refuse(`Das Label „${label!.name}“ ist nicht für Vorgänge vorgesehen.`);
        if (!label!.active) refuse(`Das Label „${label!.name}“ ist deaktiviert.`);
        const due =
          change.dueDate !== undefined
            ? dueDate
            : label!.dueAfterDays === null
              ? null
              : addCompanyDays(companyToday(timeZone), label!.dueAfterDays);
        await trx
          .insertInto('vorgang_label')
          .values({
            vorgang_id: change.vorgangId,
            label_id: change.labelId,
            due_date: due,
            added_by: caller.name,
          })
          .execute();
        history = { kind: 'label_hinzu', details: { label: label!.name, dueDate: due } };
      } else {
        if (!label!.has) refuse(`Der Vorgang hat das Label „${label!.name}“ nicht.`);
        if (change.action === 'remove') {
          await trx
            .deleteFrom('vorgang_label')
            .where('vorgang_id', '=', change.vorgangId)
            .where('label_id', '=', change.labelId)
            .execute();
          history = { kind: 'label_entfernt', details: { label: label!.name, dueDate: label!.dueBefore } };
        } else {
          await trx
            .updateTable('vorgang_label')
            .set({ due_date: dueDate })
            .where('vorgang_id', '=', change.vorgangId)
            .where('label_id', '=', change.labelId)
            .execute();
          history = {
            kind: 'label_faellig',
            details: { label: label!.name, from: label!.dueBefore, to: dueDate },
          };
        }
      }
      const version = await touchVorgang(trx, change.vorgangId, caller);
      await recordVorgangEvent(trx, {
        ...history,
        vorgangId: change.vorgangId,
        version,
        changedBy: caller.name,
      });
      return { version, labels: await labelsOfVorgang(trx, change.vorgangId) };
    }),
  );
}
