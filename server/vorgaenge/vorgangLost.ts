import { sql } from 'kysely';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import { badRequest } from '../platform/http/apiError';
import { lockVorgang, lostReasons } from './vorgangQueries';
import { withChangeRecord } from '../platform/changes/recordChange';
import { vorgangSubject } from './vorgangSnapshot';

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
      const { rows } = await sql<{ version: number; systemStatus: string }>`
      UPDATE vorgang v SET
        system_status = CASE WHEN ${reason}::text IS NOT NULL THEN 'verloren' ELSE coalesce((
          SELECT CASE max(CASE b.beleg_type WHEN 'rechnung' THEN 3 WHEN 'auftragsbestaetigung' THEN 2
                                            WHEN 'angebot' THEN 1 ELSE 0 END)
                   WHEN 3 THEN 'rechnung' WHEN 2 THEN 'auftrag' WHEN 1 THEN 'angebot' END
          FROM beleg b WHERE b.vorgang_id = v.id), 'anfrage') END,
        lost_reason = ${reason}, version = version + 1, updated_at = now(), updated_by = ${caller.name}
      WHERE id = ${input.vorgangId}
      RETURNING version, system_status AS "systemStatus"`.execute(trx);
      const updated = rows[0]!;
      // Nobody follows up a lost deal: its labels stay as tags but are no longer due (Fällige Labels, Todos).
      if (reason !== null) {
        await sql`UPDATE vorgang_label SET due_date = NULL
        WHERE vorgang_id = ${input.vorgangId} AND due_date IS NOT NULL`.execute(trx);
      }
      await sql`INSERT INTO vorgang_status_change (vorgang_id, from_status, to_status, reason, changed_by)
      VALUES (${input.vorgangId}, ${current.systemStatus}, ${updated.systemStatus}, ${reason}, ${caller.name})`.execute(
        trx,
      );
      return updated;
    }),
  );
}
