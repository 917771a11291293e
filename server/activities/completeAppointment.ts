import activityEntity from '../../src/resources/activities/activity.entity';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import { inTransaction } from '../platform/db/inTransaction';
import { readForUpdate, updateRecord, type EntityRecord } from '../platform/entities/entityRepository';
import { validateInput } from '../platform/entities/validateInput';
import { activityHooks } from './activityHooks';

/** What the seller captured for a planned Termin. */
export interface AppointmentCapture {
  id: number;
  version: number;
  activityType: string;
  reasonId: number | null;
  vorgangId: number | null;
  note: string | null;
  dueDate: string | null;
}

/** The Termin's note and the one captured now, one below the other. */
const joinedNote = (before: unknown, added: string | null) =>
  [typeof before === 'string' ? before.trim() : '', added?.trim() ?? ''].filter(Boolean).join('\n\n') || null;

/**
 * Completes a planned Termin with what the seller captured at the customer's door: at the version the seller saw
 * (409 otherwise), checked by the activity's own rules (a note too long once added is a 400 at the note), with
 * what saving an activity always does (the reason's labels, the customer's last activity).
 */
export async function completeAppointment(
  db: Database,
  capture: AppointmentCapture,
  caller: Caller,
  timeZone: string,
): Promise<EntityRecord> {
  return inTransaction(db, async (trx) => {
    const current = await readForUpdate(trx, activityEntity, capture.id);
    // As the API would send it (a date as its ISO text): the rules check the whole activity again.
    const stored = JSON.parse(JSON.stringify(current)) as EntityRecord;
    const values = await validateInput(activityEntity, {
      ...stored,
      activityType: capture.activityType,
      reasonId: capture.reasonId,
      vorgangId: capture.vorgangId,
      note: joinedNote(current.note, capture.note),
      dueDate: capture.dueDate,
      done: capture.dueDate === null,
    });
    return updateRecord(
      trx,
      activityEntity,
      capture.id,
      capture.version,
      values,
      caller,
      activityHooks(timeZone),
      current,
    );
  });
}
