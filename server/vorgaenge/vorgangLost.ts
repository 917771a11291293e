import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import { badRequest } from '../platform/http/apiError';
import { lockVorgang, lostReasons, setLostStatus } from './vorgangQueries';
import { withChangeRecord } from '../platform/changes/recordChange';
import { vorgangSubject } from './vorgangSnapshotQueries';

/**
 * Marks the Vorgang lost with a Verlustgrund from the Stammdaten (its labels are then no longer due), or (reason
 * null) takes it back: its status is then derived from its Belege again. Each is a row in the status history,
 * with the reason.
 */
export async function setVorgangLost(
  db: Database,
  input: { vorgangId: number; version: number; lostReason: string | null },
  caller: Caller,
): Promise<{ version: number; systemStatus: string }> {
  const reason = input.lostReason?.trim() || null;
  return db.transaction().execute(async (trx) =>
    withChangeRecord(trx, { ...vorgangSubject(input.vorgangId), actor: caller }, async () => {
      const current = await lockVorgang(trx, input.vorgangId, input.version);
      const refuse = (message: string): never => {
        throw badRequest(message, { lostReason: message });
      };
      if (reason !== null && !(await lostReasons(trx)).includes(reason)) {
        refuse('Bitte wählen Sie einen der Verlustgründe aus den Stammdaten.');
      }
      if (reason !== null && current.systemStatus === 'verloren') refuse('Der Vorgang ist bereits verloren.');
      if (reason === null && current.systemStatus !== 'verloren') refuse('Der Vorgang ist nicht verloren.');
      // Back again: the furthest Beleg says where it stands (Rechnung > Auftragsbestätigung > Angebot).
      const updated = await setLostStatus(trx, input.vorgangId, reason, caller);
      // Nobody follows up a lost deal: its labels stay as tags but are no longer due (Fällige Labels, Todos).
      if (reason !== null) {
        await trx
          .updateTable('vorgang_label')
          .set({ due_date: null })
          .where('vorgang_id', '=', input.vorgangId)
          .where('due_date', 'is not', null)
          .execute();
      }
      await trx
        .insertInto('vorgang_status_change')
        .values({
          vorgang_id: input.vorgangId,
          from_status: current.systemStatus,
          to_status: updated.systemStatus,
          reason,
          changed_by: caller.name,
        })
        .execute();
      return updated;
    }),
  );
}
