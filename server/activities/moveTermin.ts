import activityEntity from '../../src/resources/activities/activity.entity';
import { hasTimeOfDay } from '../../src/resources/activities/activityTypes';
import { activityHooks } from './activityHooks';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import { inTransaction } from '../platform/db/inTransaction';
import { callerUserId, leadsUser } from '../platform/auth/viewerScope';
import { badRequest, forbidden } from '../platform/http/apiError';
import { readForUpdate, updateRecord, type EntityRecord } from '../platform/entities/entityRepository';
import { validateInput } from '../platform/entities/validateInput';

/** Where a Termin goes: the Termin, the version the calendar showed, its new start. */
export interface TerminMove {
  id: number;
  version: number;
  start: string;
}

/**
 * The calendar's rule for a move, as for what it shows: a seller moves their own Termine, a lead those of the
 * sellers of the branches they lead; anything else is a 403 (the address of another's Termin typed by hand).
 */
async function mayMove(db: Database, caller: Caller, ownerId: number | null) {
  if (ownerId !== null && ownerId === (await callerUserId(db, caller))) return;
  if (ownerId !== null && (await leadsUser(db, caller, ownerId))) return;
  throw forbidden('Diesen Termin können Sie nicht verschieben: er gehört einem anderen Verkäufer.');
}

/**
 * Moves a Termin through the activity's own write (another seller's Termin is a 403, see mayMove): the
 * version check (409), the Änderungsverlauf, and Outlook follows through the trigger on the activity.
 */
export async function moveTermin(db: Database, move: TerminMove, caller: Caller, timeZone: string) {
  return inTransaction(db, async (trx) => {
    const current = await readForUpdate(trx, activityEntity, move.id);
    await mayMove(trx, caller, current.userId as number | null);
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
