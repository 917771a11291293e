import activityEntity from '../../src/resources/activities/activity.entity';
import { hasTimeOfDay } from '../../src/resources/activities/activityTypes';
import { activityHooks } from './activityHooks';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import { inTransaction } from '../platform/db/inTransaction';
import { badRequest } from '../platform/http/apiError';
import { readForUpdate, updateRecord, type EntityRecord } from '../platform/entities/entityRepository';
import { validateInput } from '../platform/entities/validateInput';

/** Where a Termin goes: the Termin, the version the calendar showed, its new start. */
export interface TerminMove {
  id: number;
  version: number;
  start: string;
}

/**
 * Moves a Termin through the activity's own write: the edit rules (another seller's Termin is a 403), the
 * version check (409), the Änderungsverlauf, and Outlook follows through the trigger on the activity.
 */
export async function moveTermin(db: Database, move: TerminMove, caller: Caller, timeZone: string) {
  return inTransaction(db, async (trx) => {
    const current = await readForUpdate(trx, activityEntity, move.id);
    if (!hasTimeOfDay(current.activityType)) {
      throw badRequest('Nur Termine mit Uhrzeit lassen sich im Kalender verschieben.');
    }
    // As the API would send it (a date as its ISO text): the rules check the whole activity again.
    const stored = JSON.parse(JSON.stringify(current)) as EntityRecord;
    const values = await validateInput(activityEntity, { ...stored, activityDate: move.start });
    const saved = await updateRecord(
      trx,
      activityEntity,
      move.id,
      move.version,
      values,
      caller,
      activityHooks(timeZone),
      current,
    );
    return {
      id: move.id,
      version: saved.version as number,
      start: new Date(saved.activityDate as string).toISOString(),
    };
  });
}
