import { sql } from 'kysely';
import { addCompanyDays, companyToday } from '../../src/config/companyTime';
import type { VorgangLabel } from '../../src/resources/vorgaenge/vorgangPageTypes';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import { inTransaction } from '../platform/db/inTransaction';
import { badRequest } from '../platform/http/apiError';
import { recordVorgangEvent, type VorgangEvent } from './vorgangEvents';
import { labelsOfVorgang, lockVorgang, touchVorgang } from './vorgangQueries';
import { withChangeRecord } from '../platform/changes/recordChange';
import { vorgangSubject } from './vorgangSnapshot';

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
      const { rows: found } = await sql<{
        name: string;
        active: boolean;
        forVorgang: boolean;
        dueAfterDays: number | null;
        has: boolean;
        dueBefore: string | null;
      }>`
      SELECT l.name, l.active, l.for_vorgang AS "forVorgang", l.due_after_days AS "dueAfterDays",
        EXISTS (SELECT 1 FROM vorgang_label vl WHERE vl.vorgang_id = ${change.vorgangId} AND vl.label_id = l.id) AS has,
        (SELECT to_char(vl.due_date, 'YYYY-MM-DD') FROM vorgang_label vl
         WHERE vl.vorgang_id = ${change.vorgangId} AND vl.label_id = l.id) AS "dueBefore"
      FROM label l WHERE l.id = ${change.labelId}`.execute(trx);
      const label = found[0];
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
        await sql`INSERT INTO vorgang_label (vorgang_id, label_id, due_date, added_by)
        VALUES (${change.vorgangId}, ${change.labelId}, ${due}::date, ${caller.name})`.execute(trx);
        history = { kind: 'label_hinzu', details: { label: label!.name, dueDate: due } };
      } else {
        if (!label!.has) refuse(`Der Vorgang hat das Label „${label!.name}“ nicht.`);
        if (change.action === 'remove') {
          await sql`DELETE FROM vorgang_label
          WHERE vorgang_id = ${change.vorgangId} AND label_id = ${change.labelId}`.execute(trx);
          history = { kind: 'label_entfernt', details: { label: label!.name, dueDate: label!.dueBefore } };
        } else {
          await sql`UPDATE vorgang_label SET due_date = ${dueDate}::date
          WHERE vorgang_id = ${change.vorgangId} AND label_id = ${change.labelId}`.execute(trx);
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
