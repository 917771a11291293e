import { sql } from 'kysely';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import { inTransaction } from '../platform/db/inTransaction';
import { badRequest } from '../platform/http/apiError';
import { recordVorgangEvent } from './vorgangEvents';
import { lockVorgang } from './vorgangQueries';
import { withChangeRecord } from '../platform/changes/recordChange';
import { vorgangSubject } from './vorgangSnapshot';

/**
 * Gives the Vorgang another Verkäufer (an active user; null: none) at the version the caller saw, and writes the
 * change with both names into its history in the same transaction. The same Verkäufer again changes nothing.
 */
export async function setVorgangSeller(
  db: Database,
  input: { vorgangId: number; version: number; sellerUserId: number | null },
  caller: Caller,
): Promise<{ version: number; seller: string | null }> {
  return inTransaction(db, async (trx) =>
    withChangeRecord(trx, { ...vorgangSubject(input.vorgangId), actor: caller }, async () => {
      const current = await lockVorgang(trx, input.vorgangId, input.version);
      const { rows } = await sql<{ before: string | null; beforeId: number | null; after: string | null }>`
      SELECT u.name AS before, v.seller_user_id AS "beforeId",
        (SELECT n.name FROM app_user n WHERE n.id = ${input.sellerUserId} AND n.active) AS after
      FROM vorgang v LEFT JOIN app_user u ON u.id = v.seller_user_id WHERE v.id = ${input.vorgangId}`.execute(
        trx,
      );
      const found = rows[0]!;
      if (input.sellerUserId !== null && found.after === null) {
        const message = 'Verkäufer: Diesen aktiven Benutzer gibt es nicht.';
        throw badRequest(message, { sellerUserId: message });
      }
      if (found.beforeId === input.sellerUserId) return { version: current.version, seller: found.before };
      const { rows: updated } = await sql<{ version: number }>`
      UPDATE vorgang SET seller_user_id = ${input.sellerUserId}, version = version + 1, updated_at = now(),
        updated_by = ${caller.name}
      WHERE id = ${input.vorgangId} RETURNING version`.execute(trx);
      const version = updated[0]!.version;
      await recordVorgangEvent(trx, {
        vorgangId: input.vorgangId,
        kind: 'verkaeufer',
        version,
        details: { from: found.before, to: found.after },
        changedBy: caller.name,
      });
      return { version, seller: found.after };
    }),
  );
}
